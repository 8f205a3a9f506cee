import type {
  CounterState,
  CounterStore,
  CounterWindow,
  HitResult,
} from '../../ports/counter-store';
import type { LeaseStore } from '../../ports/lease-store';
import type { MemoryCounterStore } from '../memory/counter-store';
import type { MemoryLeaseStore } from '../memory/lease-store';

/**
 * The shared counters, or this instance's own while Redis cannot be reached: a request is
 * never refused or delayed because Redis is down (limits fail open to per-instance
 * counting, documented in docs/operations.md). The outage itself is logged once by the
 * connection. Counts made locally stay local; once Redis answers again the shared ones
 * are used (and hold whatever Redis kept).
 */
export class FallbackCounterStore implements CounterStore {
  constructor(
    private readonly shared: CounterStore,
    private readonly local: MemoryCounterStore,
  ) {}

  async hit(windows: readonly CounterWindow[]): Promise<HitResult> {
    try {
      return await this.shared.hit(windows);
    } catch {
      return this.local.hitNow(windows);
    }
  }

  async read(key: string): Promise<CounterState | null> {
    try {
      return await this.shared.read(key);
    } catch {
      return this.local.read(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    try {
      await this.shared.reset(key);
    } catch {
      // The shared counter expires by itself.
    }
  }
}

/**
 * The shared leases, or this instance's own while Redis cannot be reached: the limit then
 * holds per instance. A lease remembers where it was taken, so it is renewed and released
 * there; a shared one whose release fails expires by itself.
 */
export class FallbackLeaseStore implements LeaseStore {
  private readonly localIds = new Set<string>();

  constructor(
    private readonly shared: LeaseStore,
    private readonly local: MemoryLeaseStore,
  ) {}

  async acquire(key: string, limit: number, ttlMs: number): Promise<string | null> {
    try {
      return await this.shared.acquire(key, limit, ttlMs);
    } catch {
      const id = this.local.acquireNow(key, limit, ttlMs);
      if (id) {
        this.localIds.add(id);
      }
      return id;
    }
  }

  async renew(key: string, leaseId: string, ttlMs: number): Promise<boolean> {
    if (this.localIds.has(leaseId)) {
      return this.local.renew(key, leaseId, ttlMs);
    }
    try {
      return await this.shared.renew(key, leaseId, ttlMs);
    } catch {
      return false;
    }
  }

  async release(key: string, leaseId: string): Promise<void> {
    if (this.localIds.delete(leaseId)) {
      this.local.releaseNow(key, leaseId);
      return;
    }
    try {
      await this.shared.release(key, leaseId);
    } catch {
      // Expires by itself.
    }
  }

  async held(key: string): Promise<number> {
    try {
      return (await this.shared.held(key)) + (await this.local.held(key));
    } catch {
      return this.local.held(key);
    }
  }
}
