import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations/index';
import type { HealthCheck } from '../../ports/health';

/** Options for opening the embedded store. */
export interface OpenDatabaseOptions {
  /** File path, or `:memory:`. */
  filename: string;
  migrations?: readonly Migration[];
}

/**
 * Opens (creating if needed) the embedded SQLite store: WAL journal, synchronous=FULL so a
 * commit acknowledged to a client survives power loss, foreign keys enforced, then applies
 * any pending migrations.
 */
export function openDatabase(options: OpenDatabaseOptions): Database {
  if (options.filename !== ':memory:') {
    fs.mkdirSync(path.dirname(options.filename), { recursive: true });
  }
  const db = new BetterSqlite3(options.filename);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db, options.migrations ?? MIGRATIONS);
  return db;
}

/** Applies every migration newer than the recorded schema version; returns those applied. */
export function applyMigrations(db: Database, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
  ) STRICT`);
  const current =
    (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null })
      .v ?? 0;
  const applied: number[] = [];
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (const migration of ordered) {
    if (migration.version <= current) {
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

/** Readiness probe for the embedded store. */
export class SqliteHealthCheck implements HealthCheck {
  readonly name = 'sqlite';
  constructor(private readonly db: Database) {}

  ping(): Promise<boolean> {
    const row = this.db.prepare('SELECT 1 AS ok').get() as { ok: number } | undefined;
    return Promise.resolve(row?.ok === 1);
  }
}
