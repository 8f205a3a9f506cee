import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes commits durable without blocking the event loop.
 *
 * The writer runs with `synchronous = NORMAL`: a COMMIT appends its frames to the WAL file
 * with write(2) and returns, without fsync. `flush()` then runs fdatasync(2) on the WAL file
 * on libuv's thread pool and resolves once everything written to it so far is on stable
 * storage. `SqliteDatabase` answers a transaction's caller only after that flush, so an
 * acknowledged write survives power loss exactly as with `synchronous = FULL`, while the
 * event loop goes on serving requests (and building the next group commit) during the sync.
 *
 * Flushes coalesce: one requested while another runs waits for the next one to start after
 * it (the running one may have begun before the caller's commit), and every caller arriving
 * meanwhile shares that next one. So at most one sync runs and one waits, whatever the load.
 *
 * Checkpoints stay SQLite's: in WAL mode with NORMAL it syncs the WAL before each checkpoint
 * and the database file after it.
 */
export class WalSync {
  private fd: number | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly walPath: string) {}

  /** Resolves when every WAL frame written before this call is on stable storage. */
  flush(): Promise<void> {
    if (this.queued) {
      return this.queued;
    }
    const running = this.running;
    if (!running) {
      return this.start();
    }
    const queued = running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    this.queued = queued;
    return queued;
  }

  /**
   * Resolves once no sync is running (at once when none is), whatever its outcome: the
   * moment a commit made now would start its own sync without waiting.
   */
  idle(): Promise<void> {
    const running = this.running;
    return running
      ? running.then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve();
  }

  /** Stops syncing (the connections are closing; SQLite syncs on close). */
  close(): void {
    this.closed = true;
    if (this.fd !== null) {
      fs.closeSync(this.fd);
      this.fd = null;
    }
  }

  private startQueued(): Promise<void> {
    this.queued = null;
    return this.start();
  }

  private start(): Promise<void> {
    const run = this.syncOnce().finally(() => {
      if (this.running === run) {
        this.running = null;
      }
    });
    this.running = run;
    return run;
  }

  private syncOnce(): Promise<void> {
    if (this.closed) {
      return Promise.resolve();
    }
    let fd: number | null;
    try {
      fd = this.open();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (fd === null) {
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      fs.fdatasync(fd, (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * The WAL file's descriptor, opened on first use (SQLite creates the file with the first
   * write); null while it does not exist, as nothing was written yet. The directory is
   * synced once too, so the file's own entry is durable.
   */
  private open(): number | null {
    if (this.fd !== null) {
      return this.fd;
    }
    let fd: number;
    try {
      fd = fs.openSync(this.walPath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return null;
      }
      throw error;
    }
    const dir = fs.openSync(path.dirname(this.walPath), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
    this.fd = fd;
    return fd;
  }
}
