import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations/index';

/**
 * Applies every migration not yet recorded in `schema_migrations`, in version order, each
 * in its own transaction; returns the versions applied. Recorded versions are compared as
 * a set (not "above the highest"), so a migration merged later with a lower number than
 * one already applied is still applied.
 */
export function applyMigrations(db: Database, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
  ) STRICT`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (row) => row.version,
    ),
  );
  const applied: number[] = [];
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    if (done.has(migration.version)) {
      continue;
    }
    db.transaction(() => {
      migration.up(db);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    })();
    applied.push(migration.version);
  }
  return applied;
}
