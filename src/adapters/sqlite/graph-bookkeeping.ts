import type { Database, Statement } from 'better-sqlite3';
import type { RecordKind } from '../../domain/graph';

/**
 * Adds a delta to a workspace's number of search outbox entries (`search_outbox_counts`,
 * migration 013): every writer of `search_outbox` runs it in the same transaction.
 */
export const OUTBOX_COUNT_UPSERT = `INSERT INTO search_outbox_counts (workspace_id, entries)
  VALUES (?, ?)
  ON CONFLICT (workspace_id) DO UPDATE SET entries = entries + excluded.entries`;

/** What `graph_type_counts` counts per type: nodes, edges, and edges from a node to itself. */
export type CountedKind = RecordKind | 'loop';

/**
 * The writer connection's statements that keep the search outbox and `graph_counts` in step
 * with the graph, prepared once per store. Node ids travel as one JSON array per statement.
 */
export class BookkeepingStatements {
  readonly dropEntries: Statement<[string, string]>;
  readonly addEntries: Statement<[string, string, string]>;
  readonly addCounts: Statement<[string, number, number]>;
  readonly addTypeCount: Statement<[string, CountedKind, string, number]>;
  readonly addOutboxCount: Statement<[string, number]>;

  constructor(writer: Database) {
    this.dropEntries = writer.prepare(
      `DELETE FROM search_outbox
       WHERE workspace_id = ? AND node_id IN (SELECT value FROM json_each(?))`,
    );
    // In the order the nodes were first changed: the oldest change is indexed first.
    this.addEntries = writer.prepare(
      `INSERT INTO search_outbox (workspace_id, node_id, enqueued_at)
       SELECT ?, value, ? FROM json_each(?) ORDER BY key`,
    );
    this.addCounts = writer.prepare(
      `INSERT INTO graph_counts (workspace_id, nodes, edges, changes) VALUES (?, ?, ?, 1)
       ON CONFLICT (workspace_id) DO UPDATE SET
         nodes = nodes + excluded.nodes, edges = edges + excluded.edges, changes = changes + 1`,
    );
    this.addOutboxCount = writer.prepare(OUTBOX_COUNT_UPSERT);
    this.addTypeCount = writer.prepare(
      `INSERT INTO graph_type_counts (workspace_id, kind, type, records) VALUES (?, ?, ?, ?)
       ON CONFLICT (workspace_id, kind, type) DO UPDATE SET records = records + excluded.records`,
    );
  }
}

/**
 * What one graph transaction changed that derived state must follow: the nodes whose search
 * vector is out of date (inserted, replaced or deleted) and how many nodes and edges the
 * workspace gained or lost. `flush` writes it at the end of the transaction's work, inside
 * the transaction (the group-commit member's savepoint), so a rolled-back change leaves
 * neither an outbox entry nor a count behind, exactly as the row triggers it replaces did
 * (migration 010 says why they went).
 *
 * This is the only place that writes `search_outbox` entries for node changes and the only
 * place that changes `graph_counts`: every graph write of the embedded store goes through
 * `SqliteGraphWriter` (commands, UNDO/REDO, batches, webhook ingestion, `cli import`, API
 * imports), which reports each write that took effect here.
 */
export class GraphBookkeeping {
  /** Changed node ids in the order first changed (a Set keeps insertion order). */
  private readonly changedNodes = new Set<string>();
  private nodeDelta = 0;
  private edgeDelta = 0;
  /** True once the transaction wrote a node or an edge (`graph_counts.changes`, migration 015). */
  private changed = false;
  /** Count changes per type, by `kind` then type (`graph_type_counts`). */
  private readonly typeDeltas: Record<CountedKind, Map<string, number>> = {
    node: new Map(),
    edge: new Map(),
    loop: new Map(),
  };

  constructor(
    private readonly s: BookkeepingStatements,
    private readonly workspaceId: string,
  ) {}

  /** A node was inserted (`+1`), replaced (`0`) or deleted (`-1`). */
  nodeChanged(id: string, countDelta: -1 | 0 | 1): void {
    this.changedNodes.add(id);
    this.nodeDelta += countDelta;
    this.changed = true;
  }

  /**
   * A record of `type` was added (`+1`) to or removed (`-1`) from its type's count: inserted
   * or deleted, or a node whose entity type changed (`-1` for the old, `+1` for the new).
   * An edge from a node to itself counts as an `edge` and as a `loop`.
   */
  typeCounted(kind: CountedKind, type: string, delta: -1 | 1): void {
    const deltas = this.typeDeltas[kind];
    deltas.set(type, (deltas.get(type) ?? 0) + delta);
  }

  /** The changes of `kind`'s type counts this transaction made so far (not yet flushed). */
  pendingTypeDeltas(kind: CountedKind): ReadonlyMap<string, number> {
    return this.typeDeltas[kind];
  }

  /** An edge was inserted (`+1`) or deleted (`-1`); edges have no search vector. */
  edgeCounted(countDelta: -1 | 1): void {
    this.edgeDelta += countDelta;
    this.changed = true;
  }

  /**
   * Replaces the outbox entry of every changed node with a new one (one entry per node, a
   * fresh `seq`, the workspace's entry count following) and applies the count deltas (and
   * counts the transaction in `graph_counts.changes`): four
   * statements at most however many records the transaction wrote, and one more per type
   * whose count changed. Runs on the writer, inside the open transaction.
   */
  flush(enqueuedAt: string): void {
    if (this.changedNodes.size > 0) {
      const ids = JSON.stringify([...this.changedNodes]);
      const dropped = this.s.dropEntries.run(this.workspaceId, ids).changes;
      const added = this.s.addEntries.run(this.workspaceId, enqueuedAt, ids).changes;
      if (added !== dropped) {
        this.s.addOutboxCount.run(this.workspaceId, added - dropped);
      }
    }
    if (this.changed) {
      // The counts, and the workspace's change counter (one more per changing transaction).
      this.s.addCounts.run(this.workspaceId, this.nodeDelta, this.edgeDelta);
    }
    for (const kind of ['node', 'edge', 'loop'] as const) {
      for (const [type, delta] of this.typeDeltas[kind]) {
        if (delta !== 0) {
          this.s.addTypeCount.run(this.workspaceId, kind, type, delta);
        }
      }
    }
  }
}
