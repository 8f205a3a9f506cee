import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { Logger } from 'pino';
import * as sqliteVec from 'sqlite-vec';
import { MIGRATIONS, type Migration } from './migrations/index';
import { BackgroundCheckpointer, type CheckpointerOptions } from './checkpointer';
import { WalSync } from './wal-sync';
import type { HealthCheck } from '../../ports/health';
import { StoreOutageLog } from '../outage-log';
import { isSqliteOutage } from './outage';

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

/** Most transactions that share one BEGIN IMMEDIATE ... COMMIT (bounds a caller's latency). */
const MAX_GROUP = 64;

/** Savepoint each member of a group runs in. */
const MEMBER_SAVEPOINT = 'group_commit_member';

interface GroupMember {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  /** True while `work` runs; calls to `transaction`/`exclusive` from inside it would deadlock. */
  running: boolean;
  /** Answered only once the commit is durable (see WriteOptions). */
  durable: boolean;
}

/** How a write is acknowledged. */
export interface WriteOptions {
  /**
   * true (default): the promise resolves once the commit is on stable storage. false: once
   * it is committed (visible to readers), before it is durable; for a step that a later
   * durable write of the same request covers (a WAL sync covers every frame written before
   * it), or whose loss on power failure is acceptable and documented.
   */
  durable?: boolean;
}

type MemberOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * The embedded store: one writer connection and one read-only reader connection on the
 * same WAL file.
 *
 * Reads go to `reader`, which only ever sees committed data. Writes go to `writer`, and
 * only inside `exclusive`, an async mutex: a graph transaction stays open across `await`s
 * (the GraphStore port is async because Neo4j is), and without the mutex another request's
 * write could run on the same connection in between and silently join (or be rolled back
 * with) that transaction.
 *
 * `transaction` uses group commit: transactions waiting at the same moment (up to
 * MAX_GROUP, arrived before the group starts, at least one event-loop turn after the first
 * one, and, for a group with a durable member, until the WAL sync running meanwhile ends)
 * share one BEGIN IMMEDIATE ... COMMIT, hence one fsync, each run in turn in its own
 * SAVEPOINT. A work that throws is rolled back to its savepoint alone; every caller is
 * answered only after the shared COMMIT succeeded, and all of them are rejected if it fails.
 * A group holds the writer mutex from BEGIN to COMMIT, so `exclusive` work never runs inside
 * it, and a call to `exclusive` closes the group being collected, so the mutex still serves
 * everything in arrival order.
 *
 * A transaction work must not call `transaction` or `exclusive` itself (the inner call would
 * wait for the outer group forever, as it did before group commit); no caller does, and
 * outside production (NODE_ENV !== 'production', so in tests) such a call is rejected with an
 * error instead. Nor may a work run BEGIN/COMMIT/ROLLBACK on the writer.
 */
export class SqliteDatabase {
  private tail: Promise<unknown> = Promise.resolve();
  /** The group still accepting members (its turn in the mutex has not started yet). */
  private collecting: GroupMember[] | null = null;
  /**
   * Which member's work the current async context belongs to, to reject nested calls.
   * Outside production only: an AsyncLocalStorage in use makes every promise of the process
   * slower (promise hooks), a cost measured in CREATE_NODE commands/s.
   */
  private readonly current =
    process.env.NODE_ENV === 'production' ? null : new AsyncLocalStorage<GroupMember>();

  /**
   * @param walSync makes commits durable after the fact (the writer then runs with
   *   synchronous=NORMAL); null when the writer syncs on every commit itself.
   * @param outages told of every write that failed because the store is unusable, and of
   *   every commit that succeeded (see `isSqliteOutage`).
   */
  constructor(
    readonly writer: Database,
    readonly reader: Database,
    private readonly walSync: WalSync | null = null,
    private readonly checkpointer: BackgroundCheckpointer | null = null,
    readonly outages: StoreOutageLog | null = null,
  ) {
    if (checkpointer) {
      // The pause comes at the next turn of the writer's queue, after the works already in it.
      checkpointer.onPauseWanted = () => void this.enqueue(() => undefined);
    }
  }

  /**
   * Runs `work` with the writer to itself; calls queue in arrival order. Resolves once what
   * the work wrote is durable.
   */
  exclusive<T>(work: () => Promise<T> | T, options: WriteOptions = {}): Promise<T> {
    const nested = this.nestedCallError('exclusive');
    if (nested) {
      return Promise.reject(nested);
    }
    // Transactions arriving after this call must run after it.
    this.collecting = null;
    const run = this.enqueue(work);
    const walSync = this.walSync;
    const done =
      walSync && options.durable !== false
        ? run.then(async (value) => (await walSync.flush(), value))
        : run;
    const outages = this.outages;
    return outages
      ? done.then(
          (value) => (outages.succeeded(), value),
          (error: unknown) => {
            this.noteFailure(error);
            throw error;
          },
        )
      : done;
  }

  /** Resolves once every commit so far is on stable storage. */
  flush(): Promise<void> {
    return this.walSync ? this.walSync.flush() : Promise.resolve();
  }

  /**
   * Runs `work` inside BEGIN IMMEDIATE ... COMMIT on the writer (shared with the other
   * transactions of its group, in its own SAVEPOINT), rolling its changes back on error.
   * Resolves only once the COMMIT succeeded.
   */
  transaction<T>(work: () => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const nested = this.nestedCallError('transaction');
    if (nested) {
      return Promise.reject(nested);
    }
    return new Promise<T>((resolve, reject) => {
      let group = this.collecting;
      if (group === null || group.length >= MAX_GROUP) {
        const created: GroupMember[] = [];
        group = created;
        this.collecting = created;
        void this.enqueue(() => this.runGroup(created));
      }
      group.push({
        work,
        resolve: resolve as (value: unknown) => void,
        reject,
        running: false,
        durable: options.durable !== false,
      });
    });
  }

  /**
   * Closes every connection, the checkpoint worker's first (waiting for it), so that the
   * writer closes last and removes the WAL; nothing touches the files after this returns.
   */
  close(): void {
    this.checkpointer?.closeSync();
    this.walSync?.close();
    this.reader.close();
    this.writer.close();
  }

  /** Reports `error` to the outage log when it means the store is unusable. */
  private noteFailure(error: unknown): void {
    if (this.outages && isSqliteOutage(error)) {
      this.outages.failed(error);
    }
  }

  private enqueue<T>(work: () => Promise<T> | T): Promise<T> {
    // Between two works nothing is being written: the checkpoint worker may truncate the
    // WAL then, and the next work waits for it (see BackgroundCheckpointer).
    const pause = () => this.checkpointer?.betweenWrites();
    const run = this.tail.then(pause).then(work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private nestedCallError(method: string): Error | null {
    if (this.current?.getStore()?.running !== true) {
      return null;
    }
    return new Error(
      `SqliteDatabase.${method}() called from inside a transaction() work: not supported ` +
        '(it would wait for the enclosing transaction forever); use the enclosing transaction',
    );
  }

  /** Runs one group (its turn in the mutex has come); never rejects. */
  private async runGroup(group: GroupMember[]): Promise<void> {
    // Let the I/O callbacks of this turn reach transaction() and join the group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.walSync && group.some((member) => member.durable)) {
      // A durable member is answered after a sync that starts after its COMMIT. While one
      // runs, a commit now would wait for it all the same, so the group keeps collecting
      // until it ends: bigger groups, fewer commits (each rewrites the hot pages of every
      // index it touches), and no later answer.
      await this.walSync.idle();
    }
    if (this.collecting === group) {
      this.collecting = null;
    }
    let pending = group;
    while (pending.length > 0) {
      pending = await this.runBatch(pending);
    }
  }

  /**
   * Runs `members` in one BEGIN IMMEDIATE ... COMMIT and settles them; returns the members
   * not run yet if the shared transaction was lost on the way (they get a fresh one).
   */
  private async runBatch(members: GroupMember[]): Promise<GroupMember[]> {
    const writer = this.writer;
    try {
      writer.exec('BEGIN IMMEDIATE');
    } catch (error) {
      this.noteFailure(error);
      for (const member of members) {
        member.reject(error);
      }
      return [];
    }
    const done: [GroupMember, MemberOutcome][] = [];
    // A member refused for the store's sake (a full disk) is no sign of recovery, even if
    // smaller members of the same group fitted.
    let outage = false;
    for (const [index, member] of members.entries()) {
      // Alone in its transaction, a member needs no savepoint: ROLLBACK undoes just it.
      const outcome = await this.runMember(member, members.length > 1);
      done.push([member, outcome]);
      if (!outcome.ok && isSqliteOutage(outcome.error)) {
        outage = true;
        this.noteFailure(outcome.error);
      }
      if (!writer.inTransaction) {
        // SQLite (or the work) ended the shared transaction: the members run so far lost
        // their changes. The rest run in a new transaction.
        const lost = new Error(
          'transaction rolled back: the shared group-commit transaction was aborted',
          { cause: outcome.ok ? undefined : outcome.error },
        );
        settle(done, lost);
        return members.slice(index + 1);
      }
    }
    try {
      writer.exec('COMMIT');
    } catch (error) {
      this.noteFailure(error);
      if (writer.inTransaction) {
        try {
          writer.exec('ROLLBACK');
        } catch {
          // The connection reports the transaction gone either way.
        }
      }
      settle(done, error);
      return [];
    }
    if (!outage && (!this.walSync || done.every(([member]) => !member.durable))) {
      this.outages?.succeeded();
    }
    const durable = this.walSync ? done.filter(([member]) => member.durable) : [];
    if (durable.length > 0 && this.walSync) {
      settle(
        done.filter(([member]) => !member.durable),
        null,
      );
      // Answer once the commit is durable, without holding the writer meanwhile: the next
      // group runs (and commits) while this one's sync is in flight.
      this.walSync.flush().then(
        () => {
          if (!outage) {
            this.outages?.succeeded();
          }
          settle(durable, null);
        },
        (error: unknown) => {
          this.noteFailure(error);
          settle(durable, error);
        },
      );
    } else {
      settle(done, null);
    }
    return [];
  }

  /**
   * Runs one member inside the open group transaction, in its own SAVEPOINT if `savepoint`;
   * on failure undoes the member's changes (without a savepoint: the whole transaction).
   */
  private async runMember(member: GroupMember, savepoint: boolean): Promise<MemberOutcome> {
    const writer = this.writer;
    if (savepoint) {
      try {
        writer.exec(`SAVEPOINT ${MEMBER_SAVEPOINT}`);
      } catch (error) {
        return { ok: false, error };
      }
    }
    member.running = true;
    try {
      const value = await (this.current ? this.current.run(member, member.work) : member.work());
      member.running = false;
      if (savepoint) {
        writer.exec(`RELEASE ${MEMBER_SAVEPOINT}`);
      }
      return { ok: true, value };
    } catch (error) {
      member.running = false;
      if (writer.inTransaction) {
        try {
          if (savepoint) {
            writer.exec(`ROLLBACK TO ${MEMBER_SAVEPOINT}`);
            writer.exec(`RELEASE ${MEMBER_SAVEPOINT}`);
          } else {
            writer.exec('ROLLBACK');
          }
        } catch {
          // Cannot undo this member alone: abort the whole group transaction.
          try {
            writer.exec('ROLLBACK');
          } catch {
            // Reported through writer.inTransaction by the caller.
          }
        }
      }
      return { ok: false, error };
    }
  }
}

/**
 * Answers each member: a failed work gets its own error; a successful one its value, or
 * `failure` when the shared transaction did not commit.
 */
function settle(done: readonly [GroupMember, MemberOutcome][], failure: unknown): void {
  for (const [member, outcome] of done) {
    if (!outcome.ok) {
      member.reject(outcome.error);
    } else if (failure !== null) {
      member.reject(failure);
    } else {
      member.resolve(outcome.value);
    }
  }
}

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

/** The health check's name, also the store's name in outage log lines. */
export const SQLITE_CHECK_NAME = 'sqlite';

/**
 * Readiness probe for the embedded store: both connections answer. A failure is reported
 * to the outage log; recovery is not (a reader answering says nothing of a full disk): the
 * next successful commit reports it.
 */
export class SqliteHealthCheck implements HealthCheck {
  readonly name = SQLITE_CHECK_NAME;
  constructor(private readonly db: SqliteDatabase) {}

  ping(): Promise<boolean> {
    try {
      const r = this.db.reader.prepare('SELECT 1 AS ok').get() as { ok: number } | undefined;
      return Promise.resolve(r?.ok === 1 && this.db.writer.open);
    } catch (error) {
      if (isSqliteOutage(error)) {
        this.db.outages?.failed(error);
      }
      return Promise.resolve(false);
    }
  }
}
