import type { Database } from 'better-sqlite3';
import type { Migration } from './index';

/**
 * The search outbox (docs/search.md "Indexing"): one entry per node whose vector
 * is out of date, written by triggers on `graph_nodes`, so every node change (a command,
 * undo, redo, an import, a workspace purge) enqueues in the very transaction that makes it
 * and a rolled-back change enqueues nothing.
 *
 * - `seq` is the rowid with AUTOINCREMENT: the global sequence source, never reused, so
 *   `complete(entry)` can tell "processed" from "changed again since" by comparing seq, and
 *   the oldest entries come first in primary-key order with no other index.
 * - One entry per (workspace, node): a newer change deletes the old entry and inserts a new
 *   one (new seq). The triggers use DELETE + INSERT rather than INSERT OR REPLACE or an
 *   upsert because a trigger's conflict clause is overridden by the outer statement's, and
 *   an upsert cannot draw a fresh AUTOINCREMENT value.
 * - Each node write costs one indexed delete and one insert (CREATE_NODE is benchmarked).
 */
export const m006SearchOutbox: Migration = {
  version: 6,
  name: 'search-outbox',
  up(db: Database) {
    db.exec(`
      CREATE TABLE search_outbox (
        seq           INTEGER PRIMARY KEY AUTOINCREMENT,
        workspace_id  TEXT NOT NULL,
        node_id       TEXT NOT NULL,
        enqueued_at   TEXT NOT NULL,
        UNIQUE (workspace_id, node_id)
      ) STRICT;

      CREATE TRIGGER search_outbox_node_inserted AFTER INSERT ON graph_nodes BEGIN
        DELETE FROM search_outbox WHERE workspace_id = NEW.workspace_id AND node_id = NEW.id;
        INSERT INTO search_outbox (workspace_id, node_id, enqueued_at)
          VALUES (NEW.workspace_id, NEW.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      END;
      CREATE TRIGGER search_outbox_node_updated AFTER UPDATE ON graph_nodes BEGIN
        DELETE FROM search_outbox WHERE workspace_id = NEW.workspace_id AND node_id = NEW.id;
        INSERT INTO search_outbox (workspace_id, node_id, enqueued_at)
          VALUES (NEW.workspace_id, NEW.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      END;
      CREATE TRIGGER search_outbox_node_deleted AFTER DELETE ON graph_nodes BEGIN
        DELETE FROM search_outbox WHERE workspace_id = OLD.workspace_id AND node_id = OLD.id;
        INSERT INTO search_outbox (workspace_id, node_id, enqueued_at)
          VALUES (OLD.workspace_id, OLD.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
      END;
    `);
  },
};
