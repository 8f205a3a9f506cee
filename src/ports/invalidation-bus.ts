/**
 * A cached record changed: every instance drops its cached copy. Sent after the change is
 * committed, so a copy read again afterwards is the new one.
 */
export type Invalidation =
  /** An API key was revoked (or deleted). */
  | { kind: 'api-key'; id: string }
  /** A workspace's plan, limits or name changed. */
  | { kind: 'workspace'; id: string }
  /** A webhook connector's secret was rotated, or the connector was deleted. */
  | { kind: 'connector'; id: string }
  /** Messages may have been missed (the bus reconnected): drop every cached record. */
  | { kind: 'all' };

/**
 * Tells every instance of the service that a cached record changed. In memory it reaches
 * this process only; over Redis pub/sub, every process subscribed to the same server
 * (`adapters/redis/`). Delivery is best effort: the caches' time to live stays the bound
 * when a message is lost (the bus was down).
 */
export interface InvalidationBus {
  /**
   * Sends `message` to every subscriber, this process's included. Resolves once the bus
   * has taken it (or has failed to; a failure is logged by the adapter, never thrown).
   */
  publish(message: Invalidation): Promise<void>;
  /** Calls `listener` with every message; the returned function unsubscribes. */
  subscribe(listener: (message: Invalidation) => void): () => void;
  /**
   * For a bus whose messages arrive from other processes: resolves once the messages that
   * had reached this process when it was called have been delivered. A request and a
   * message that arrived together may be read in either order; a cache waits for this
   * before answering from a copy, so a request sent after a change was published never
   * gets the old copy. Absent on a bus that delivers at once (in memory).
   */
  caughtUp?(): Promise<void>;
}
