import type { Database } from 'better-sqlite3';
import type { Migration } from './index';

/**
 * The ontology graph, the command log and idempotency records (docs/ontology.md).
 *
 * - No foreign key to `workspaces`: the graph port is engine-neutral and its contract suite
 *   runs on random workspace ids, as the Neo4j adapter will; the workspace is a partition key.
 * - Nodes and edges are rowid tables, not WITHOUT ROWID: properties may reach 64 KB, and
 *   over 100k nodes a 50-row page at offset 1,000 ordered by `created_at DESC` measured
 *   1.7 ms as a rowid table and 104 ms WITHOUT ROWID, while primary-key reads were equal
 *   (15 us). Only the small, key-only tables below are WITHOUT ROWID.
 * - Every list index ends with `id` so the `id ASC` tie-breaker is served by the index.
 * - Edges reference both end nodes of the same workspace (composite foreign keys), so no
 *   edge can dangle and a node with edges cannot be deleted.
 */
export const m002Graph: Migration = {
  version: 2,
  name: 'graph',
  up(db) {
    db.exec(`
      CREATE TABLE graph_nodes (
        workspace_id  TEXT NOT NULL,
        id            TEXT NOT NULL,
        entity_type   TEXT NOT NULL,
        name          TEXT NOT NULL,
        properties    TEXT NOT NULL,
        version       INTEGER NOT NULL CHECK (version >= 1),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id)
      ) STRICT;
      CREATE INDEX graph_nodes_type ON graph_nodes (workspace_id, entity_type, id);
      CREATE INDEX graph_nodes_type_created ON graph_nodes (workspace_id, entity_type, created_at, id);
      CREATE INDEX graph_nodes_name ON graph_nodes (workspace_id, name, id);
      CREATE INDEX graph_nodes_created ON graph_nodes (workspace_id, created_at, id);
      CREATE INDEX graph_nodes_updated ON graph_nodes (workspace_id, updated_at, id);

      CREATE TABLE graph_edges (
        workspace_id  TEXT NOT NULL,
        id            TEXT NOT NULL,
        type          TEXT NOT NULL,
        source_id     TEXT NOT NULL,
        target_id     TEXT NOT NULL,
        properties    TEXT NOT NULL,
        version       INTEGER NOT NULL CHECK (version >= 1),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id),
        FOREIGN KEY (workspace_id, source_id) REFERENCES graph_nodes (workspace_id, id),
        FOREIGN KEY (workspace_id, target_id) REFERENCES graph_nodes (workspace_id, id)
      ) STRICT;
      -- Traversal and the sourceId/targetId/nodeId filters; they also serve the foreign-key
      -- checks when a node is deleted. target_id/source_id and id make the hop queries
      -- covering: a traversal reads full rows only for the edges it returns.
      CREATE INDEX graph_edges_out ON graph_edges (workspace_id, source_id, type, target_id, id);
      CREATE INDEX graph_edges_in ON graph_edges (workspace_id, target_id, type, source_id, id);
      CREATE INDEX graph_edges_type ON graph_edges (workspace_id, type, id);
      CREATE INDEX graph_edges_created ON graph_edges (workspace_id, created_at, id);
      CREATE INDEX graph_edges_updated ON graph_edges (workspace_id, updated_at, id);

      -- Unfiltered list totals: COUNT(*) over a workspace of 100k nodes took 12 ms (a 50-row
      -- page takes 0.2 ms), so triggers keep the counts in the same transaction as the rows.
      CREATE TABLE graph_counts (
        workspace_id  TEXT PRIMARY KEY,
        nodes         INTEGER NOT NULL DEFAULT 0,
        edges         INTEGER NOT NULL DEFAULT 0
      ) STRICT, WITHOUT ROWID;
      CREATE TRIGGER graph_nodes_counted AFTER INSERT ON graph_nodes BEGIN
        INSERT INTO graph_counts (workspace_id, nodes) VALUES (NEW.workspace_id, 1)
          ON CONFLICT (workspace_id) DO UPDATE SET nodes = nodes + 1;
      END;
      CREATE TRIGGER graph_nodes_uncounted AFTER DELETE ON graph_nodes BEGIN
        UPDATE graph_counts SET nodes = nodes - 1 WHERE workspace_id = OLD.workspace_id;
      END;
      CREATE TRIGGER graph_edges_counted AFTER INSERT ON graph_edges BEGIN
        INSERT INTO graph_counts (workspace_id, edges) VALUES (NEW.workspace_id, 1)
          ON CONFLICT (workspace_id) DO UPDATE SET edges = edges + 1;
      END;
      CREATE TRIGGER graph_edges_uncounted AFTER DELETE ON graph_edges BEGIN
        UPDATE graph_counts SET edges = edges - 1 WHERE workspace_id = OLD.workspace_id;
      END;

      -- seq orders an actor's history; AUTOINCREMENT so a trimmed or discarded seq is never
      -- reused and "newest" stays unambiguous.
      CREATE TABLE command_log (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id  TEXT NOT NULL,
        actor_id      TEXT NOT NULL,
        id            TEXT NOT NULL,
        type          TEXT NOT NULL,
        scope         TEXT NOT NULL,
        state         TEXT NOT NULL CHECK (state IN ('applied', 'undone')),
        changes       TEXT NOT NULL,
        result        TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL,
        UNIQUE (workspace_id, id)
      ) STRICT;
      CREATE INDEX command_log_actor ON command_log (workspace_id, actor_id, seq);
      -- Undone entries are few (a contiguous tail per actor), so this partial index is tiny
      -- and finds the oldest undone entry without walking the applied ones.
      CREATE INDEX command_log_undone ON command_log (workspace_id, actor_id, seq)
        WHERE state = 'undone';

      -- Read only by its full key; rows are small response envelopes.
      CREATE TABLE idempotency_keys (
        workspace_id  TEXT NOT NULL,
        actor_id      TEXT NOT NULL,
        key           TEXT NOT NULL,
        request_hash  TEXT NOT NULL,
        status        INTEGER NOT NULL,
        response      TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        PRIMARY KEY (workspace_id, actor_id, key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX idempotency_keys_created ON idempotency_keys (workspace_id, created_at);
    `);
    seedPlannerStatistics(db);
  },
};

/**
 * Statistics the query planner would gather from a large workspace (100k nodes and edges
 * per workspace; a name, an id or an end node matches a handful of rows; a type thousands).
 * Without any, SQLite assumes `workspace_id = ?` alone is selective and, for a list with a
 * filter and a sort, walks the whole workspace in sort order instead of using the filter's
 * index: `sourceId=...&sort=-createdAt` read every edge of the workspace. Hand-written
 * sqlite_stat1 rows are SQLite's documented way to fix plans
 * (https://sqlite.org/optoverview.html#manctrl); a later ANALYZE replaces them with
 * measured ones. `test/contract/graph-store/sqlite.test.ts` checks the plans this yields.
 */
const PLANNER_STATISTICS: readonly (readonly [
  table: string,
  index: string | null,
  stat: string,
])[] = [
  ['graph_nodes', null, '1000000'],
  ['graph_nodes', 'sqlite_autoindex_graph_nodes_1', '1000000 100000 1'],
  ['graph_nodes', 'graph_nodes_type', '1000000 100000 5000 1'],
  ['graph_nodes', 'graph_nodes_type_created', '1000000 100000 5000 2 1'],
  ['graph_nodes', 'graph_nodes_name', '1000000 100000 2 1'],
  ['graph_nodes', 'graph_nodes_created', '1000000 100000 2 1'],
  ['graph_nodes', 'graph_nodes_updated', '1000000 100000 2 1'],
  ['graph_edges', null, '1000000'],
  ['graph_edges', 'sqlite_autoindex_graph_edges_1', '1000000 100000 1'],
  ['graph_edges', 'graph_edges_out', '1000000 100000 5 3 1 1'],
  ['graph_edges', 'graph_edges_in', '1000000 100000 5 3 1 1'],
  ['graph_edges', 'graph_edges_type', '1000000 100000 10000 1'],
  ['graph_edges', 'graph_edges_created', '1000000 100000 2 1'],
  ['graph_edges', 'graph_edges_updated', '1000000 100000 2 1'],
];

function seedPlannerStatistics(db: Database): void {
  // sqlite_stat1 cannot be created directly; ANALYZE of one table creates it.
  db.exec('ANALYZE graph_nodes');
  db.exec(`DELETE FROM sqlite_stat1 WHERE tbl IN ('graph_nodes', 'graph_edges')`);
  const insert = db.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
  for (const [table, index, stat] of PLANNER_STATISTICS) {
    insert.run(table, index, stat);
  }
  // Makes this connection's planner load the new statistics; later connections read them
  // when they open.
  db.exec('ANALYZE sqlite_schema');
}
