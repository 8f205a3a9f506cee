import type { Migration } from './index';

/**
 * The number of search outbox entries of each workspace (`entries`), kept by the writers of
 * `search_outbox` in the transaction of each change: the graph writer's `GraphBookkeeping`
 * once per transaction, and the index outbox as it completes, drops and enqueues entries.
 * The index's status (`pending`) and the `/metrics` backlog gauge read it instead of
 * counting the outbox, a scan of every entry on the event loop (about 23 ms at 100,000
 * pending, growing with the backlog a bulk import leaves). Filled from the entries already
 * there; a count that reaches 0 stays as a row of 0. Not kept by triggers, for the reason
 * migration 010 gives.
 */
export const m013OutboxCounts: Migration = {
  version: 13,
  name: 'outbox-counts',
  up(db) {
    db.exec(`
      CREATE TABLE search_outbox_counts (
        workspace_id  TEXT PRIMARY KEY,
        entries       INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      INSERT INTO search_outbox_counts (workspace_id, entries)
        SELECT workspace_id, COUNT(*) FROM search_outbox GROUP BY workspace_id;
    `);
  },
};
