import type { Migration } from './index';

/**
 * A transaction's change events are stored together, up to a thousand in one row
 * (`SqliteChangeLogWriter`): one row and one index entry per block instead of per event.
 * Events already stored become blocks of one, in their order; `events` holds each as
 * `[id, type, subjectType, subjectTypeBefore, subjectId, actor, cause, data]`.
 */
export const m019ChangeEventBlocks: Migration = {
  version: 19,
  name: 'change-event-blocks',
  up(db) {
    db.exec(`
      CREATE TABLE change_event_blocks (
        workspace_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        count INTEGER NOT NULL,
        occurred_at TEXT NOT NULL,
        events TEXT NOT NULL
      );
      INSERT INTO change_event_blocks (workspace_id, seq, count, occurred_at, events)
        SELECT workspace_id, seq, 1, occurred_at,
               json_array(json_array(id, type, subject_type, subject_type_before, subject_id,
                 body -> '$.actor', body -> '$.cause', body -> '$.data'))
        FROM change_events ORDER BY rowid;
      CREATE UNIQUE INDEX change_event_blocks_seq ON change_event_blocks (workspace_id, seq);
      DROP TABLE change_events;
    `);
  },
};
