import type { Migration } from './index';

/**
 * The search outbox and the per-workspace counts are no longer kept by row triggers on
 * `graph_nodes` and `graph_edges` but by the graph writer, once per transaction
 * (`GraphBookkeeping`, src/adapters/sqlite/graph-bookkeeping.ts): still in the transaction
 * of the change, set-based instead of per row.
 *
 * Why: a statement that fires a trigger may abort half-way, so SQLite gives every such
 * statement its own statement journal. Inside a group-commit member's SAVEPOINT, releasing a
 * statement journal walks the in-memory sub-journal of the whole member, so each insert of a
 * 1,000-command batch cost more than the one before it: about 150 us per node once a declared
 * property index spread the writes over many pages, against about 25 us without triggers.
 * Per-row trigger bodies cost about 10 us more per node on their own (an indexed delete, an
 * AUTOINCREMENT insert and an upsert of the counter row each time).
 *
 * The counts and entries written so far stay as they are: the triggers kept them exact.
 */
export const m010GraphBookkeeping: Migration = {
  version: 10,
  name: 'graph-bookkeeping',
  up(db) {
    db.exec(`
      DROP TRIGGER IF EXISTS graph_nodes_counted;
      DROP TRIGGER IF EXISTS graph_nodes_uncounted;
      DROP TRIGGER IF EXISTS graph_edges_counted;
      DROP TRIGGER IF EXISTS graph_edges_uncounted;
      DROP TRIGGER IF EXISTS search_outbox_node_inserted;
      DROP TRIGGER IF EXISTS search_outbox_node_updated;
      DROP TRIGGER IF EXISTS search_outbox_node_deleted;
    `);
  },
};
