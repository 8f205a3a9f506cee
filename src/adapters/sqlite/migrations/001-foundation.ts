import type { Migration } from './index';

/** Workspaces and API keys. */
export const m001Foundation: Migration = {
  version: 1,
  name: 'foundation',
  up(db) {
    db.exec(`
      CREATE TABLE workspaces (
        id                TEXT PRIMARY KEY,
        name              TEXT NOT NULL,
        plan              TEXT NOT NULL CHECK (plan IN ('starter', 'pro', 'enterprise')),
        limit_per_minute  INTEGER,
        limit_per_day     INTEGER,
        created_at        TEXT NOT NULL
      ) STRICT;
      CREATE INDEX workspaces_created ON workspaces (created_at, id);

      CREATE TABLE api_keys (
        id            TEXT PRIMARY KEY,
        workspace_id  TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name          TEXT NOT NULL,
        prefix        TEXT NOT NULL,
        secret_hash   TEXT NOT NULL UNIQUE,
        scopes        TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        expires_at    TEXT,
        revoked_at    TEXT,
        created_by    TEXT
      ) STRICT;
      CREATE INDEX api_keys_workspace ON api_keys (workspace_id, created_at, id);
    `);
  },
};
