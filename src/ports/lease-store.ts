/**
 * Expiring leases: at most `limit` held at once per key, each until it is released or its
 * time runs out. The webhook concurrency slots of a workspace are leases, so a slot held
 * by an instance that died comes back by itself. One instance's memory
 * (`adapters/memory/`) or Redis, shared by every instance (`adapters/redis/`);
 * `test/contract/shared-state/lease-store.contract.ts` is the behaviour each must show.
 */
export interface LeaseStore {
  /**
   * Takes a lease of `key` for `ttlMs` when fewer than `limit` unexpired ones are held,
   * atomically. Resolves with the lease's id, or null when all are taken.
   */
  acquire(key: string, limit: number, ttlMs: number): Promise<string | null>;
  /** Extends a held lease to `ttlMs` from now; false when it has expired or was released. */
  renew(key: string, leaseId: string, ttlMs: number): Promise<boolean>;
  /** Gives a lease back; releasing one that expired or was released is harmless. */
  release(key: string, leaseId: string): Promise<void>;
  /** Unexpired leases of `key`. */
  held(key: string): Promise<number>;
}
