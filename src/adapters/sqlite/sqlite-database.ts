import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from 'better-sqlite3';
import { yieldToEventLoop } from '../../yield-to-event-loop';
import type { StoreOutageLog } from '../outage-log';
import type { BackgroundCheckpointer } from './checkpointer';
import { MAX_GROUP, runBatch, type GroupMember } from './group-commit';
import { isSqliteOutage } from './outage';
import type { WalSync } from './wal-sync';

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
    await yieldToEventLoop();
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
    const context = {
      writer: this.writer,
      walSync: this.walSync,
      outages: this.outages,
      current: this.current,
      noteFailure: (error: unknown) => this.noteFailure(error),
    };
    let pending = group;
    while (pending.length > 0) {
      pending = await runBatch(context, pending);
    }
  }
}
