/**
 * A node waiting to be (re-)embedded or removed from the vector index. The outbox keeps
 * one entry per node: a newer change of the same node replaces the entry (new `seq`).
 */
export interface OutboxEntry {
  workspaceId: string;
  nodeId: string;
  /** Grows with every enqueue; `complete` only removes an entry whose seq is unchanged. */
  seq: number;
  enqueuedAt: string;
}

/**
 * The durable search outbox. Entries are written by the graph store's writer in the same
 * transaction as the node change (insert, replace or delete of a node, whatever command,
 * undo, redo or import caused it), so a committed change is never missed and a rolled-back
 * one is never indexed. The indexer reads the node's current state when it processes an
 * entry, so the entry itself carries no content.
 */
export interface IndexOutbox {
  /**
   * The oldest entries with a seq above `after` (0: all), at most `limit`, across
   * workspaces. Does not remove them. `after` lets the indexer read the next batch while
   * the previous one is still in flight.
   */
  peek(limit: number, after?: number): Promise<OutboxEntry[]>;
  /** Removes these entries unless they were re-enqueued since (seq changed). */
  complete(entries: readonly OutboxEntry[]): Promise<void>;
  /** Entries waiting, for one workspace. */
  pending(workspaceId: string): Promise<number>;
  /** Entries waiting, in every workspace (the backlog on `/metrics`). */
  pendingAll(): Promise<number>;
  /** Enqueues every node of the workspace (`cli reindex`); returns how many. */
  enqueueWorkspace(workspaceId: string): Promise<number>;
}
