import type { Migration } from './index';

/**
 * The change log (docs/events.md): every committed change of a workspace as an event,
 * numbered per workspace in commit order (`seq`), appended in the transaction of the change.
 * Readers follow a workspace by `(workspace_id, seq)`; retention removes the oldest by
 * `occurred_at` (both indexes grow at their end, as events are appended in time order).
 * `change_log_heads` holds each workspace's last seq and its horizon, the seq through which
 * retention removed events.
 */
export const m016ChangeLog: Migration = {
  version: 16,
  name: 'change-log',
  up(db) {
    db.exec(`
      CREATE TABLE change_events (
        workspace_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        id TEXT NOT NULL,
        type TEXT NOT NULL,
        occurred_at TEXT NOT NULL,
        subject_type TEXT,
        subject_type_before TEXT,
        subject_id TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE UNIQUE INDEX change_events_seq ON change_events (workspace_id, seq);
      CREATE INDEX change_events_time ON change_events (occurred_at);
      CREATE TABLE change_log_heads (
        workspace_id TEXT PRIMARY KEY,
        head INTEGER NOT NULL,
        horizon INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID;
    `);
  },
};
