import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Logger } from 'pino';
import * as sqliteVec from 'sqlite-vec';
import { StoreOutageLog } from '../outage-log';
import { applyMigrations } from './apply-migrations';
import { BackgroundCheckpointer, type CheckpointerOptions } from './checkpointer';
// database.ts re-exports openDatabase; the class is used only when a store is opened.
import { SqliteDatabase } from './sqlite-database';
import { SQLITE_CHECK_NAME } from './health-check';
import { MIGRATIONS, type Migration } from './migrations/index';
import { WalSync } from './wal-sync';

/** Options for opening the embedded store. */
export interface OpenDatabaseOptions {
  /** Path of the database file. */
  filename: string;
  migrations?: readonly Migration[];
  /**
   * `deferred` (default): commits are made durable by an fdatasync of the WAL off the event
   * loop before callers are answered. `full`: SQLite's synchronous=FULL, an fsync inside
   * every COMMIT (benchmarks use it for the raw-insert reference).
   */
  syncMode?: 'deferred' | 'full';
  /**
   * Run WAL checkpoints in a worker thread instead of inside the writer's COMMITs (default
   * true for a WAL file); see BackgroundCheckpointer.
   */
  backgroundCheckpoints?: boolean;
  /** Where the store's outages (disk full, I/O errors...) are logged; nowhere when absent. */
  logger?: Logger;
  /** The WAL's bounds and waits (see BackgroundCheckpointer); tests make them small. */
  walLimits?: Partial<
    Pick<CheckpointerOptions, 'limitBytes' | 'drainBytes' | 'truncateWaitMs' | 'retryMs'>
  >;
}

/** Time between two background checkpoints. */
const CHECKPOINT_INTERVAL_MS = 100;
/**
 * The WAL file is truncated (by the checkpoint worker) once it is larger than this and
 * everything in it is copied into the database file.
 */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * A WAL holding this much is truncated even while writes go on (they pause meanwhile): the
 * bound on the WAL's size during a bulk load.
 */
const WAL_DRAIN_BYTES = 256 * 1024 * 1024;
/** Longest a truncation waits for readers on old frames; writes wait as long. */
const TRUNCATE_WAIT_MS = 2000;
/** Least time before a truncation that readers prevented is tried again. */
const TRUNCATE_RETRY_MS = 5000;

/** The writer connection's page cache, in KiB (see openDatabase). */
const WRITER_CACHE_KIB = 32 * 1024;
/** The reader connection's page cache, in KiB (see openDatabase). */
const READER_CACHE_KIB = 32 * 1024;

/**
 * Opens (creating if needed) the embedded SQLite store: WAL journal, foreign keys enforced,
 * sqlite-vec loaded on both connections, then applies any pending migrations.
 *
 * Durability: a write acknowledged to a client survives power loss. The writer commits with
 * synchronous=NORMAL and `WalSync` fdatasyncs the WAL on the thread pool before the caller
 * is answered (see WalSync); `syncMode: 'full'` keeps SQLite's own
 * synchronous=FULL (an fsync inside every COMMIT, on the event loop) instead.
 */
export function openDatabase(options: OpenDatabaseOptions): SqliteDatabase {
  fs.mkdirSync(path.dirname(options.filename), { recursive: true });
  const writer = new BetterSqlite3(options.filename);
  const journal = writer.pragma('journal_mode = WAL', { simple: true });
  const deferredSync = options.syncMode !== 'full' && journal === 'wal';
  writer.pragma(deferredSync ? 'synchronous = NORMAL' : 'synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  // Every group-commit member runs in a SAVEPOINT, so SQLite keeps the original of each page
  // it changes in a sub-journal. In a temporary file (the default) that was a file created
  // and unlinked per transaction and two write(2) calls per page, more calls than the WAL
  // itself; in memory it is a copy. A sub-journal holds one member's pages, so it is small.
  writer.pragma('temp_store = MEMORY');
  // The writer's page cache (SQLite's default is 2 MB). Every write descends every index it
  // touches; with the indexes of a few hundred thousand records the default cache misses,
  // and each miss is a read(2) and a look-up in the WAL index. 32 MB keeps the interior
  // pages and the recently written leaves in memory: webhook ingestion took about 20% less
  // CPU per delivery. An upper bound, used only as the database grows.
  writer.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  // sqlite-vec (vec0 tables of SqliteVectorIndex) on both connections: a connection without
  // it cannot read, nor even drop, a vec0 table.
  sqliteVec.load(writer);
  applyMigrations(writer, options.migrations ?? MIGRATIONS);
  const reader = new BetterSqlite3(options.filename, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  // The reader's page cache, for the same reason: a filtered page of a million-node
  // workspace descends an index and fetches 50 records from all over the table, and with
  // the default 2 MB most of those pages were misses (a read(2) and a WAL index look-up
  // each). 32 MB took about a fifth off such a page's statement. An upper bound too.
  reader.pragma(`cache_size = -${READER_CACHE_KIB}`);
  sqliteVec.load(reader);
  let checkpointer: BackgroundCheckpointer | null = null;
  if (journal === 'wal' && options.backgroundCheckpoints !== false) {
    // The worker truncates the WAL (off the event loop); the writer never does.
    writer.pragma('journal_size_limit = -1');
    writer.pragma('wal_autocheckpoint = 0');
    checkpointer = new BackgroundCheckpointer({
      filename: path.resolve(options.filename),
      intervalMs: CHECKPOINT_INTERVAL_MS,
      limitBytes: options.walLimits?.limitBytes ?? WAL_SIZE_LIMIT_BYTES,
      drainBytes: options.walLimits?.drainBytes ?? WAL_DRAIN_BYTES,
      truncateWaitMs: options.walLimits?.truncateWaitMs ?? TRUNCATE_WAIT_MS,
      retryMs: options.walLimits?.retryMs ?? TRUNCATE_RETRY_MS,
      // Should the worker die, the writer checkpoints (and truncates) again itself, as
      // SQLite does by default.
      onExit: () => {
        if (writer.open) {
          writer.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
          writer.pragma('wal_autocheckpoint = 1000');
        }
      },
    });
  } else if (journal === 'wal') {
    writer.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  }
  return new SqliteDatabase(
    writer,
    reader,
    deferredSync ? new WalSync(`${path.resolve(options.filename)}-wal`) : null,
    checkpointer,
    options.logger ? new StoreOutageLog(SQLITE_CHECK_NAME, options.logger) : null,
  );
}
