import type { Migration } from './index';

/**
 * Live data (docs/live-data.md): source records and the embedded time-series store.
 *
 * - No foreign key to `workspaces`, as in 002: the workspace is a partition key and the
 *   ports' contract suites run on random workspace ids.
 * - `live_series` maps (workspace, source) to a small integer so each point row carries 8
 *   bytes of key instead of two 36-character UUIDs, and keeps the series' point count and
 *   newest timestamp, updated in the same transaction as the points (exact and O(1) to read).
 * - `live_points` is WITHOUT ROWID, clustered on (series, ts): a time-window scan of one
 *   series reads consecutive pages, and re-sending a timestamp hits the primary key. No
 *   foreign key to `live_series`: the adapter resolves the series id itself, and a
 *   per-row parent lookup would cost on the ingest path for no extra safety.
 */
export const m003LiveData: Migration = {
  version: 3,
  name: 'live-data',
  up(db) {
    db.exec(`
      CREATE TABLE live_data_sources (
        workspace_id  TEXT NOT NULL,
        id            TEXT NOT NULL,
        name          TEXT NOT NULL,
        unit          TEXT,
        description   TEXT,
        entity_id     TEXT,
        created_at    TEXT NOT NULL,
        PRIMARY KEY (workspace_id, id)
      ) STRICT;
      CREATE INDEX live_data_sources_created ON live_data_sources (workspace_id, created_at, id);
      CREATE INDEX live_data_sources_entity
        ON live_data_sources (workspace_id, entity_id, created_at, id)
        WHERE entity_id IS NOT NULL;

      CREATE TABLE live_series (
        id            INTEGER PRIMARY KEY,
        workspace_id  TEXT NOT NULL,
        source_id     TEXT NOT NULL,
        point_count   INTEGER NOT NULL DEFAULT 0,
        last_ts       INTEGER,
        UNIQUE (workspace_id, source_id)
      ) STRICT;

      CREATE TABLE live_points (
        series_id  INTEGER NOT NULL,
        ts         INTEGER NOT NULL,
        value      REAL NOT NULL,
        tags       TEXT,
        PRIMARY KEY (series_id, ts)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
