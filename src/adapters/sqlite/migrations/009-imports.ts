import type { Migration } from './index';

/**
 * Records of imports through the API (POST /api/imports): progress counts, status and the
 * problems that stopped an import (`errors`, JSON), listed newest first per workspace.
 */
export const m009Imports: Migration = {
  version: 9,
  name: 'imports',
  up(db) {
    db.exec(`
      CREATE TABLE imports (
        workspace_id  TEXT NOT NULL,
        id            TEXT NOT NULL,
        actor_id      TEXT NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
        nodes         INTEGER NOT NULL,
        edges         INTEGER NOT NULL,
        unchanged     INTEGER NOT NULL,
        lines         INTEGER NOT NULL,
        errors        TEXT NOT NULL,
        started_at    TEXT NOT NULL,
        finished_at   TEXT,
        PRIMARY KEY (workspace_id, id)
      ) STRICT;
      CREATE INDEX imports_started ON imports (workspace_id, started_at, id);
    `);
  },
};
