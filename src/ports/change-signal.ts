/**
 * Says that a workspace's change log has grown, so readers waiting for events (SSE streams,
 * GraphQL subscriptions, webhook deliveries) read it again at once instead of at their next
 * poll. In memory it reaches this process only; over Redis pub/sub, every instance
 * (`adapters/redis/`). Best effort: the log itself is the truth, and every reader also
 * polls it now and then, so a lost signal only delays.
 */
export interface ChangeSignal {
  /** The workspace's log now reaches `head` (sent after the commit). */
  publish(workspaceId: string, head: number): void;
  /**
   * Calls `listener` with every signal; `workspaceId` null means signals may have been
   * missed (the bus reconnected): every reader should look again. Returns the unsubscribe.
   */
  subscribe(listener: (workspaceId: string | null, head: number) => void): () => void;
}
