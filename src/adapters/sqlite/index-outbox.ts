import type { Statement } from 'better-sqlite3';
import type { IndexOutbox, OutboxEntry } from '../../ports/index-outbox';
import type { SqliteDatabase } from './database';
import { OUTBOX_COUNT_UPSERT } from './graph-bookkeeping';
import { settle } from './graph-transaction';

interface EntryRow {
  workspace_id: string;
  node_id: string;
  seq: number;
  enqueued_at: string;
}

/** Nodes enqueued per write transaction by `enqueueWorkspace` (short transactions: other writes wait). */
const ENQUEUE_CHUNK = 1000;

/**
 * The search outbox in the embedded store. Entries are written by the graph writer's
 * `GraphBookkeeping` (same transaction as the change); this adapter only reads and
 * removes them, and enqueues whole workspaces for `cli reindex`.
 */
export class SqliteIndexOutbox implements IndexOutbox {
  private readonly peekStmt: Statement<[number, number], EntryRow>;
  private readonly pendingStmt: Statement<[string], { n: number }>;
  private readonly pendingAllStmt: Statement<[], { n: number }>;
  private readonly completeStmt: Statement<[string, string, number]>;
  private readonly nodeIdsStmt: Statement<[string, string, number], { id: string }>;
  private readonly dropStmt: Statement<[string, string]>;
  private readonly enqueueStmt: Statement<[string, string, string]>;
  private readonly addCountStmt: Statement<[string, number]>;
  private readonly healStmt: Statement<[]>;

  constructor(private readonly db: SqliteDatabase) {
    this.peekStmt = db.reader.prepare(
      `SELECT workspace_id, node_id, seq, enqueued_at FROM search_outbox
       WHERE seq > ? ORDER BY seq LIMIT ?`,
    );
    // Kept counts (migration 013): counting the entries would scan them on the event loop.
    this.pendingStmt = db.reader.prepare(
      'SELECT entries AS n FROM search_outbox_counts WHERE workspace_id = ?',
    );
    this.pendingAllStmt = db.reader.prepare(
      'SELECT COALESCE(SUM(entries), 0) AS n FROM search_outbox_counts',
    );
    this.addCountStmt = db.writer.prepare(OUTBOX_COUNT_UPSERT);
    this.healStmt = db.writer.prepare(
      `UPDATE search_outbox_counts SET entries = 0
       WHERE entries <> 0 AND NOT EXISTS (SELECT 1 FROM search_outbox)`,
    );
    this.completeStmt = db.writer.prepare(
      'DELETE FROM search_outbox WHERE workspace_id = ? AND node_id = ? AND seq = ?',
    );
    this.nodeIdsStmt = db.reader.prepare(
      `SELECT id FROM graph_nodes WHERE workspace_id = ? AND id > ? ORDER BY id LIMIT ?`,
    );
    this.dropStmt = db.writer.prepare(
      'DELETE FROM search_outbox WHERE workspace_id = ? AND node_id = ?',
    );
    this.enqueueStmt = db.writer.prepare(
      'INSERT INTO search_outbox (workspace_id, node_id, enqueued_at) VALUES (?, ?, ?)',
    );
  }

  async peek(limit: number, after = 0): Promise<OutboxEntry[]> {
    const entries = await settle(() =>
      this.peekStmt.all(after, limit).map((row) => ({
        workspaceId: row.workspace_id,
        nodeId: row.node_id,
        seq: row.seq,
        enqueuedAt: row.enqueued_at,
      })),
    );
    if (entries.length === 0 && after === 0 && this.pendingAllStmt.get()?.n !== 0) {
      // An empty outbox with entries counted: a writer outside this code (a script, an
      // older build) changed the outbox without its counts. Set them right again, on the
      // writer and only if the outbox is still empty there.
      await this.db.transaction(
        () => {
          this.healStmt.run();
          return Promise.resolve();
        },
        { durable: false },
      );
    }
    return entries;
  }

  async complete(entries: readonly OutboxEntry[]): Promise<void> {
    if (entries.length === 0) {
      return;
    }
    // A group-commit member answered at commit: losing a completion to a power failure only
    // means indexing those nodes again, and the vectors written before it go with it.
    await this.db.transaction(
      () => {
        const removed = new Map<string, number>();
        for (const entry of entries) {
          const { changes } = this.completeStmt.run(entry.workspaceId, entry.nodeId, entry.seq);
          removed.set(entry.workspaceId, (removed.get(entry.workspaceId) ?? 0) + changes);
        }
        for (const [workspaceId, count] of removed) {
          if (count > 0) {
            this.addCountStmt.run(workspaceId, -count);
          }
        }
        return Promise.resolve();
      },
      { durable: false },
    );
  }

  pending(workspaceId: string): Promise<number> {
    return settle(() => this.pendingStmt.get(workspaceId)?.n ?? 0);
  }

  pendingAll(): Promise<number> {
    return settle(() => this.pendingAllStmt.get()?.n ?? 0);
  }

  /**
   * Chunked (1,000 nodes per transaction, yielding between chunks) so that re-indexing a
   * large workspace never holds the writer long enough to stall commands. A node created
   * meanwhile is enqueued by its own transaction anyway; one deleted meanwhile is dropped by the
   * indexer when it finds the node missing.
   */
  async enqueueWorkspace(workspaceId: string): Promise<number> {
    let after = '';
    let total = 0;
    for (;;) {
      const ids = this.nodeIdsStmt.all(workspaceId, after, ENQUEUE_CHUNK).map((r) => r.id);
      if (ids.length === 0) {
        return total;
      }
      const now = new Date().toISOString();
      await this.db.exclusive(() => {
        this.db.writer.transaction(() => {
          let added = 0;
          for (const id of ids) {
            added -= this.dropStmt.run(workspaceId, id).changes;
            added += this.enqueueStmt.run(workspaceId, id, now).changes;
          }
          if (added !== 0) {
            this.addCountStmt.run(workspaceId, added);
          }
        })();
      });
      total += ids.length;
      after = ids[ids.length - 1] ?? after;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
