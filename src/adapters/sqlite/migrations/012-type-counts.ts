import type { Migration } from './index';

/**
 * The number of nodes of each entity type, of edges of each relationship type and of those
 * edges that are self-loops (`kind` 'loop'), per workspace, kept by the graph writer in the transaction of every change (`GraphBookkeeping`)
 * as `graph_counts` is for the workspace's totals. A list filtered by its type alone reads its
 * total here instead of counting the type's index entries (65-78 ms for one type of a
 * million-node workspace), and the ontology's "is this type in use" checks read one row.
 * Filled from the records already stored; a count that reaches 0 stays as a row of 0. No
 * CHECK on `records`: SQLite checks it on the row an upsert would insert (the negative delta
 * of a delete) before it finds the conflict that makes it an update.
 */
export const m012TypeCounts: Migration = {
  version: 12,
  name: 'type-counts',
  up(db) {
    db.exec(`
      CREATE TABLE graph_type_counts (
        workspace_id  TEXT NOT NULL,
        kind          TEXT NOT NULL CHECK (kind IN ('node', 'edge', 'loop')),
        type          TEXT NOT NULL,
        records       INTEGER NOT NULL,
        PRIMARY KEY (workspace_id, kind, type)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO graph_type_counts (workspace_id, kind, type, records)
        SELECT workspace_id, 'node', entity_type, COUNT(*) FROM graph_nodes
        GROUP BY workspace_id, entity_type;
      INSERT INTO graph_type_counts (workspace_id, kind, type, records)
        SELECT workspace_id, 'edge', type, COUNT(*) FROM graph_edges
        GROUP BY workspace_id, type;
      INSERT INTO graph_type_counts (workspace_id, kind, type, records)
        SELECT workspace_id, 'loop', type, COUNT(*) FROM graph_edges
        WHERE source_id = target_id GROUP BY workspace_id, type;
    `);
  },
};
