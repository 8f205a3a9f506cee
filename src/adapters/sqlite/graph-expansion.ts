import type { Database, Statement } from 'better-sqlite3';
import { checkExpansionOptions, explainReached } from '../../domain/graph-paths';
import type { Expansion, ExpansionOptions } from '../../ports/graph-store';
import { EDGE_COLUMNS, nodesByIds, toEdge, type EdgeRow } from './graph-rows';

interface BallParams {
  workspaceId: string;
  seeds: string;
  depth: number;
  types: string;
  limit: number;
}

interface AmongParams {
  workspaceId: string;
  ids: string;
  types: string;
}

interface BallRow {
  id: string;
  hops: number;
}

/** A recursive arm: one hop along the edges whose `from` end is on the walk. */
function arm(from: 'source_id' | 'target_id', next: 'source_id' | 'target_id', typed: boolean) {
  return `SELECT e.${next}, w.hops + 1 FROM walk w
      JOIN graph_edges e ON e.workspace_id = @workspaceId AND e.${from} = w.id
      WHERE w.hops < @depth${typed ? ' AND e.type IN (SELECT value FROM json_each(@types))' : ''}`;
}

/**
 * The nodes within `depth` hops of the seeds, undirected, as one recursive CTE with two
 * indexed arms (out-edges through `graph_edges_out`, in-edges through `graph_edges_in`;
 * never a UNION ALL view of all edges, measured at 4 queries/s). The walk is over (node, hops)
 * pairs with UNION, not over paths, so it stays linear in the edges of the ball however
 * many paths lead to a node; the shortest distance is the smallest hops. Ordered closest
 * first (seeds in rank order, then by id), cut at the limit.
 */
function ballSql(typed: boolean): string {
  return `WITH RECURSIVE
    seeds(id, rank) AS (SELECT value, key FROM json_each(@seeds)),
    walk(id, hops) AS (
      SELECT n.id, 0 FROM seeds s
        JOIN graph_nodes n ON n.workspace_id = @workspaceId AND n.id = s.id
      UNION
      ${arm('source_id', 'target_id', typed)}
      UNION
      ${arm('target_id', 'source_id', typed)}
    )
    SELECT w.id AS id, MIN(w.hops) AS hops FROM walk w
    GROUP BY w.id
    ORDER BY hops, CASE WHEN MIN(w.hops) = 0
      THEN (SELECT MIN(s.rank) FROM seeds s WHERE s.id = w.id) END, w.id
    LIMIT @limit`;
}

/** Every edge with both ends among the ids (through the out-edge index). */
function amongSql(typed: boolean): string {
  return `SELECT ${EDGE_COLUMNS} FROM graph_edges
    WHERE workspace_id = @workspaceId
      AND source_id IN (SELECT value FROM json_each(@ids))
      AND target_id IN (SELECT value FROM json_each(@ids))
      ${typed ? 'AND type IN (SELECT value FROM json_each(@types))' : ''}`;
}

/**
 * `GraphStore.expand` on SQLite (hybrid search): the reached set by recursive SQL, then
 * the edges among it, then the shortest path of each node (`shortestPaths`). Runs in one
 * read transaction, so every step sees the same snapshot.
 */
export class ExpansionQuery {
  private readonly ball: {
    all: Statement<BallParams, BallRow>;
    typed: Statement<BallParams, BallRow>;
  };
  private readonly among: {
    all: Statement<AmongParams, EdgeRow>;
    typed: Statement<AmongParams, EdgeRow>;
  };

  constructor(private readonly reader: Database) {
    this.ball = { all: reader.prepare(ballSql(false)), typed: reader.prepare(ballSql(true)) };
    this.among = { all: reader.prepare(amongSql(false)), typed: reader.prepare(amongSql(true)) };
  }

  run(workspaceId: string, seedIds: readonly string[], options: ExpansionOptions): Expansion {
    checkExpansionOptions(options);
    if (seedIds.length === 0) {
      return { reached: [], edges: [], truncated: false };
    }
    return this.reader.transaction(() => this.expand(workspaceId, seedIds, options))();
  }

  private expand(
    workspaceId: string,
    seedIds: readonly string[],
    options: ExpansionOptions,
  ): Expansion {
    const typed = options.types.length > 0;
    const types = JSON.stringify(options.types);
    const rows = (typed ? this.ball.typed : this.ball.all).all({
      workspaceId,
      seeds: JSON.stringify(seedIds),
      depth: options.depth,
      types,
      limit: options.maxNodes + 1,
    });
    const truncated = rows.length > options.maxNodes;
    const kept = rows.slice(0, options.maxNodes);
    if (kept.length === 0) {
      return { reached: [], edges: [], truncated: false };
    }
    const keptIds = kept.map((row) => row.id);
    const edges = (typed ? this.among.typed : this.among.all)
      .all({ workspaceId, ids: JSON.stringify(keptIds), types })
      .map(toEdge)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const nodes = nodesByIds(this.reader, workspaceId, keptIds);
    const seeds = kept.filter((row) => row.hops === 0).map((row) => row.id);
    return { reached: explainReached(kept, seeds, edges, nodes), edges, truncated };
  }
}
