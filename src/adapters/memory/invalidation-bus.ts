import type { Invalidation, InvalidationBus } from '../../ports/invalidation-bus';

/**
 * The bus of a single instance: messages reach this process's subscribers, synchronously.
 * Without REDIS_URL nothing else shares the caches, so nothing else needs telling.
 */
export class MemoryInvalidationBus implements InvalidationBus {
  private readonly listeners = new Set<(message: Invalidation) => void>();

  publish(message: Invalidation): Promise<void> {
    this.deliver(message);
    return Promise.resolve();
  }

  subscribe(listener: (message: Invalidation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls every listener with `message` (the Redis bus uses it for what it receives). */
  deliver(message: Invalidation): void {
    for (const listener of this.listeners) {
      listener(message);
    }
  }
}
