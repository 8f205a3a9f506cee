import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations/index';
import type { HealthCheck } from '../../ports/health';

/** Options for opening the embedded store. */
export interface OpenDatabaseOptions {
  /** Path of the database file. */
  filename: string;
  migrations?: readonly Migration[];
}

/**
 * The embedded store: one writer connection and one read-only reader connection on the
 * same WAL file.
 *
 * Reads go to `reader`, which only ever sees committed data. Writes go to `writer`, and
 * only inside `exclusive`, an async mutex: a graph transaction stays open across `await`s
 * (the GraphStore port is async because Neo4j is), and without the mutex another request's
 * write could run on the same connection in between and silently join (or be rolled back
 * with) that transaction.
 */
export class SqliteDatabase {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly writer: Database,
    readonly reader: Database,
  ) {}

  /** Runs `work` with the writer to itself; calls queue in arrival order. */
  exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Runs `work` inside BEGIN IMMEDIATE ... COMMIT on the writer, rolling back on error. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      this.writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await work();
        this.writer.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.writer.inTransaction) {
          this.writer.exec('ROLLBACK');
        }
        throw error;
      }
    });
  }

  close(): void {
    this.reader.close();
    this.writer.close();
  }
}

/**
 * Opens (creating if needed) the embedded SQLite store: WAL journal, synchronous=FULL so a
 * commit acknowledged to a client survives power loss, foreign keys enforced, then applies
 * any pending migrations.
 */
export function openDatabase(options: OpenDatabaseOptions): SqliteDatabase {
  fs.mkdirSync(path.dirname(options.filename), { recursive: true });
  const writer = new BetterSqlite3(options.filename);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  applyMigrations(writer, options.migrations ?? MIGRATIONS);
  const reader = new BetterSqlite3(options.filename, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  return new SqliteDatabase(writer, reader);
}

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

/** Readiness probe for the embedded store: both connections answer. */
export class SqliteHealthCheck implements HealthCheck {
  readonly name = 'sqlite';
  constructor(private readonly db: SqliteDatabase) {}

  ping(): Promise<boolean> {
    const r = this.db.reader.prepare('SELECT 1 AS ok').get() as { ok: number } | undefined;
    return Promise.resolve(r?.ok === 1 && this.db.writer.open);
  }
}
