import { Worker } from 'node:worker_threads';

/**
 * The worker's code, run with `eval: true` so that it works the same from TypeScript
 * sources (tsx, ts-jest) and from compiled JavaScript. It opens its own connection to the
 * database and runs `PRAGMA wal_checkpoint(PASSIVE)` every `intervalMs`: a passive
 * checkpoint never waits for, nor blocks, the writer or the readers; it copies what it can
 * and syncs (with synchronous=NORMAL, the WAL before and the database file after).
 *
 * When the WAL file has grown past `limitBytes` and either everything in it is copied (the
 * writes paused) or it holds `drainBytes` of frames (a bulk load that never pauses, so the
 * WAL could never start over), the worker asks the main thread for a pause in writes
 * (`{type: 'truncate'}`), and on its answer runs `wal_checkpoint(TRUNCATE)`: it copies the
 * rest, waits (at most `truncateWaitMs`) for readers still on old frames, and truncates the
 * file to zero, so that the next write starts a fresh WAL. A TRUNCATE that readers kept
 * from completing is tried again after `retryMs` at the earliest.
 */
const WORKER_SOURCE = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.filename);
// Only TRUNCATE checkpoints wait: for readers still on old WAL frames, at most this long.
db.pragma('busy_timeout = ' + workerData.truncateWaitMs);
const frameBytes = db.pragma('page_size', { simple: true }) + 24;
const walPath = workerData.filename + '-wal';
const closed = new Int32Array(workerData.closedFlag);
let timer = null;
let asked = false;
let retryAt = 0;
function walBytes() {
  try {
    return fs.statSync(walPath).size;
  } catch {
    return 0;
  }
}
function tick() {
  timer = null;
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    const idle = state.log === state.checkpointed;
    if (
      Date.now() >= retryAt &&
      walBytes() > workerData.limitBytes &&
      (idle || state.log * frameBytes >= workerData.drainBytes)
    ) {
      // The main thread lets no write start, then sends 'truncate'.
      asked = true;
      parentPort.postMessage({ type: 'truncate' });
      return;
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error && error.message) });
  }
  timer = setTimeout(tick, workerData.intervalMs);
}
function truncate() {
  let done = false;
  try {
    const [state] = db.pragma('wal_checkpoint(TRUNCATE)');
    done = state.busy === 0;
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error && error.message) });
  }
  if (!done) {
    retryAt = Date.now() + workerData.retryMs;
  }
  asked = false;
  parentPort.postMessage({ type: 'truncated', done });
  timer = setTimeout(tick, workerData.intervalMs);
}
parentPort.on('message', (message) => {
  if (message === 'truncate' && asked) {
    truncate();
  } else if (message === 'close') {
    clearTimeout(timer);
    try {
      db.close();
    } finally {
      // Tell a main thread waiting in closeSync() that this connection is closed.
      Atomics.store(closed, 0, 1);
      Atomics.notify(closed, 0);
      parentPort.close();
    }
  }
});
parentPort.postMessage({ type: 'ready' });
tick();
`;

/** Longest `closeSync` waits for the worker's connection to close. */
const CLOSE_WAIT_MS = 5000;

export interface CheckpointerOptions {
  /** The database file. */
  filename: string;
  /** Time between passive checkpoints. */
  intervalMs: number;
  /** WAL file size above which it is truncated once every frame in it is copied. */
  limitBytes: number;
  /** WAL frames (in bytes) above which it is truncated even while writes go on. */
  drainBytes: number;
  /** Longest a truncation waits for readers on old frames (writes wait as long). */
  truncateWaitMs: number;
  /** Least time before a truncation that readers prevented is tried again. */
  retryMs: number;
  /** Called when the worker stops on its own (the writer then checkpoints itself again). */
  onExit: (error: Error | null) => void;
}

/** A truncation the worker never answered stops holding writes back after this long. */
const TRUNCATE_ANSWER_MS = 30_000;

/**
 * Runs WAL checkpoints in a worker thread. Left to the writer connection, SQLite's automatic
 * checkpoint runs inside a COMMIT every 1,000 WAL pages, on the event loop, copying pages
 * into the database file and syncing both files: measured here, it tripled the average time
 * of a group commit (4.7 ms against 1.6 ms for ten CREATE_NODE commands). With this worker
 * the writer runs with wal_autocheckpoint=0 and commits only append to the WAL.
 *
 * It also keeps the WAL bounded, and its truncation off the event loop. Under continuous
 * writes a passive checkpoint never catches up with the last frame, so SQLite never starts
 * the WAL over: a bulk load grew it to gigabytes. The writer's first COMMIT after the WAL
 * finally started over then truncated the file to `journal_size_limit` on the event loop:
 * 1.2 s for 1.3 GB, 2.5 s for 2.7 GB (measured), during which no request was answered and
 * clients' kept-alive connections were reset. Now the writer never truncates
 * (journal_size_limit -1); the worker does, in a pause of the writes that the main thread
 * makes between two transactions (`betweenWrites`) without blocking its event loop.
 */
export class BackgroundCheckpointer {
  private readonly worker: Worker;
  /** Set to 1 by the worker once its connection is closed (see `closeSync`). */
  private readonly closedFlag = new Int32Array(new SharedArrayBuffer(4));
  private stopped = false;
  /** The worker asked for a pause in writes to truncate the WAL. */
  private truncateAsked = false;
  /** Ends the pause in writes of the truncation under way. */
  private endPause: (() => void) | null = null;
  /**
   * Told when the worker asks for a pause, so that the writer's queue makes one even when
   * no write comes (SqliteDatabase queues an empty work).
   */
  onPauseWanted: (() => void) | null = null;

  constructor(options: CheckpointerOptions) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driverPath: require.resolve('better-sqlite3'),
        filename: options.filename,
        intervalMs: options.intervalMs,
        limitBytes: options.limitBytes,
        drainBytes: options.drainBytes,
        truncateWaitMs: options.truncateWaitMs,
        retryMs: options.retryMs,
        closedFlag: this.closedFlag.buffer,
      },
    });
    this.worker.on('message', (message: { type: string; done?: boolean }) => {
      if (message.type === 'truncate') {
        this.truncateAsked = true;
        this.onPauseWanted?.();
      } else if (message.type === 'truncated') {
        this.endPause?.();
      }
    });
    // The checkpoints are housekeeping: they must not keep the process alive.
    this.worker.unref();
    // A worker may throw anything; the callback gets an Error either way.
    this.worker.on('error', (error) =>
      this.exited(error instanceof Error ? error : new Error(String(error)), options),
    );
    this.worker.on('exit', () => this.exited(null, options));
  }

  /**
   * Called by the writer's queue between two transactions (nothing is being written). When
   * the worker asked to truncate the WAL, it may do so now: the promise resolves once it is
   * done (or gave up), and the next write waits for it; the event loop goes on meanwhile.
   * Null when there is nothing to wait for.
   */
  betweenWrites(): Promise<void> | null {
    if (!this.truncateAsked || this.stopped) {
      return null;
    }
    this.truncateAsked = false;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.endPause?.(), TRUNCATE_ANSWER_MS);
      // A write waits for the answer: until it comes, the worker keeps the process alive
      // (unreferenced, a CLI or a script whose write waits would simply exit).
      this.worker.ref();
      this.endPause = () => {
        clearTimeout(timer);
        this.worker.unref();
        this.endPause = null;
        resolve();
      };
      this.worker.postMessage('truncate');
    });
  }

  /**
   * Stops the worker and blocks until its connection is closed (at most CLOSE_WAIT_MS; a
   * checkpoint in progress finishes first), so that the caller's own connections close
   * last: the last connection to close checkpoints the WAL and removes the -wal and -shm
   * files, and nothing touches the files once `SqliteDatabase.close()` has returned (a
   * test may delete the directory right after).
   */
  closeSync(): void {
    if (this.stopped) {
      return;
    }
    this.stopped = true;
    this.endPause?.();
    this.worker.postMessage('close');
    Atomics.wait(this.closedFlag, 0, 0, CLOSE_WAIT_MS);
  }

  private exited(error: Error | null, options: CheckpointerOptions): void {
    if (this.stopped) {
      return;
    }
    this.stopped = true;
    this.endPause?.();
    options.onExit(error);
  }
}
