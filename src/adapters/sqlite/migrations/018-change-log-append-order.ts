import type { Migration } from './index';

/**
 * Retention finds expired change events among the first appended (rowid order, which is
 * commit order and so, but for clock steps back, time order) instead of through an index
 * on `occurred_at`: that index, one more B-tree written by every event, goes.
 */
export const m018ChangeLogAppendOrder: Migration = {
  version: 18,
  name: 'change-log-append-order',
  up(db) {
    db.exec('DROP INDEX change_events_time;');
  },
};
