import { randomUUID } from 'node:crypto';
import type { LeaseStore } from '../../ports/lease-store';

/**
 * Leases in this process's memory: each key's leases with their expiry. Times are the
 * process's monotonic clock, like the processing bound they guard (a lease is about real
 * elapsed time, never a test's manual clock). Other instances keep their own.
 */
export class MemoryLeaseStore implements LeaseStore {
  private readonly leases = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The synchronous step behind `acquire`, for callers that must not wait (the fallbacks). */
  acquireNow(key: string, limit: number, ttlMs: number): string | null {
    const held = this.live(key);
    if ((held?.size ?? 0) >= limit) {
      return null;
    }
    const id = randomUUID();
    const leases = held ?? new Map<string, number>();
    leases.set(id, this.now() + ttlMs);
    this.leases.set(key, leases);
    return id;
  }

  acquire(key: string, limit: number, ttlMs: number): Promise<string | null> {
    return Promise.resolve(this.acquireNow(key, limit, ttlMs));
  }

  renew(key: string, leaseId: string, ttlMs: number): Promise<boolean> {
    const leases = this.live(key);
    if (!leases?.has(leaseId)) {
      return Promise.resolve(false);
    }
    leases.set(leaseId, this.now() + ttlMs);
    return Promise.resolve(true);
  }

  /** The synchronous step behind `release`. */
  releaseNow(key: string, leaseId: string): void {
    const leases = this.leases.get(key);
    leases?.delete(leaseId);
    if (leases?.size === 0) {
      this.leases.delete(key);
    }
  }

  release(key: string, leaseId: string): Promise<void> {
    this.releaseNow(key, leaseId);
    return Promise.resolve();
  }

  held(key: string): Promise<number> {
    return Promise.resolve(this.live(key)?.size ?? 0);
  }

  /** The key's unexpired leases (expired ones are dropped on the way). */
  private live(key: string): Map<string, number> | undefined {
    const leases = this.leases.get(key);
    if (!leases) {
      return undefined;
    }
    const now = this.now();
    for (const [id, until] of leases) {
      if (until <= now) {
        leases.delete(id);
      }
    }
    if (leases.size === 0) {
      this.leases.delete(key);
      return undefined;
    }
    return leases;
  }
}
