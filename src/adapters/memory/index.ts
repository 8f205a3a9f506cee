import type { ChangeSignal } from '../../ports/change-signal';
import type { Clock } from '../../ports/clock';
import type { CounterStore } from '../../ports/counter-store';
import type { InvalidationBus } from '../../ports/invalidation-bus';
import type { LeaseStore } from '../../ports/lease-store';
import type { HealthCheck } from '../../ports/health';
import { MemoryChangeSignal } from './change-signal';
import { MemoryCounterStore } from './counter-store';
import { MemoryInvalidationBus } from './invalidation-bus';
import { MemoryLeaseStore } from './lease-store';

/**
 * State that instances share when they can (rate-limit and sign-in counters, webhook
 * slots, cache invalidation), as the container hands it out.
 */
export interface SharedState {
  counters: CounterStore;
  leases: LeaseStore;
  invalidations: InvalidationBus;
  /** Change-log growth, heard by the readers of every instance. */
  changes: ChangeSignal;
  healthChecks: HealthCheck[];
  /** Resolves once the shared store is connected (or after a short bound); at once in memory. */
  connected(): Promise<void>;
  close(): void;
}

/** Without REDIS_URL: everything in this process, as a single instance needs. */
export function memorySharedState(clock: Clock): SharedState {
  return {
    counters: new MemoryCounterStore(clock),
    leases: new MemoryLeaseStore(),
    invalidations: new MemoryInvalidationBus(),
    changes: new MemoryChangeSignal(),
    healthChecks: [],
    connected: () => Promise.resolve(),
    close: () => undefined,
  };
}
