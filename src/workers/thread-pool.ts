import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from './module-worker';

/**
 * What a pool thread says: `'ready'` once it can take work, then one reply per request.
 * A thread module answers with `serveRequests` (below).
 */
export type PoolReply<R> =
  { id: number; ok: true; result: R } | { id: number; ok: false; message: string };

interface PoolRequest<Q> {
  id: number;
  request: Q;
}

interface Pending<Q, R> {
  message: PoolRequest<Q>;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

interface Slot<Q, R> {
  worker: Worker;
  /** False until the thread has said `'ready'`. */
  ready: boolean;
  busy: Pending<Q, R> | null;
  /** Ends the thread after it has been idle for `idleMs`. */
  idleTimer: NodeJS.Timeout | null;
}

export interface ThreadPoolOptions {
  /** The thread's module, without extension (`path.join(__dirname, 'list-thread')`). */
  module: string;
  workerData: unknown;
  /** Most threads at once; more requests wait for a free one. */
  threads: number;
  /** A thread idle this long ends; the next request starts a new one. */
  idleMs: number;
  /** Names the pool in errors (`the list pool is closed`). */
  name: string;
}

/**
 * A small pool of worker threads, each doing one request at a time: threads start on
 * demand, end when idle for a while, and never keep the process alive while idle. A thread
 * that dies fails its own request only; a thread that cannot even start fails the waiting
 * requests too (they would fail the same way).
 */
export class ThreadPool<Q, R> {
  private readonly slots: Slot<Q, R>[] = [];
  private readonly queue: Pending<Q, R>[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: ThreadPoolOptions) {}

  run(request: Q): Promise<R> {
    if (this.closed) {
      return Promise.reject(new Error(`the ${this.options.name} pool is closed`));
    }
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ message: { id: (this.nextId += 1), request }, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every thread; requests still waiting fail, running ones end with their thread. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error(`the ${this.options.name} pool is closed`);
    for (const pending of this.queue.splice(0)) {
      pending.reject(error);
    }
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        this.clearIdle(slot);
        slot.busy?.reject(error);
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && s.busy === null);
      if (!slot) {
        if (this.slots.length < this.options.threads && !this.slots.some((s) => !s.ready)) {
          this.spawn();
        }
        return;
      }
      const pending = this.queue.shift()!;
      this.clearIdle(slot);
      slot.busy = pending;
      // A thread keeps the process alive only while it has work, as a pending timer would.
      slot.worker.ref();
      slot.worker.postMessage(pending.message);
    }
  }

  private spawn(): void {
    const worker = startModuleWorker(this.options.module, {
      workerData: this.options.workerData,
    });
    const slot: Slot<Q, R> = { worker, ready: false, busy: null, idleTimer: null };
    worker.on('message', (reply: PoolReply<R> | 'ready') => {
      if (reply === 'ready') {
        slot.ready = true;
        this.idle(slot);
        this.dispatch();
      } else {
        this.answer(slot, reply);
      }
    });
    worker.on('error', (error: unknown) => this.fail(slot, error));
    worker.on('exit', () =>
      this.fail(slot, new Error(`a thread of the ${this.options.name} pool exited`)),
    );
    this.slots.push(slot);
  }

  private answer(slot: Slot<Q, R>, reply: PoolReply<R>): void {
    const pending = slot.busy;
    slot.busy = null;
    this.idle(slot);
    if (pending?.message.id === reply.id) {
      if (reply.ok) {
        pending.resolve(reply.result);
      } else {
        pending.reject(new Error(reply.message));
      }
    }
    this.dispatch();
  }

  /** The slot waits for work: it does not hold the process, and ends after `idleMs`. */
  private idle(slot: Slot<Q, R>): void {
    slot.worker.unref();
    this.clearIdle(slot);
    slot.idleTimer = setTimeout(() => {
      if (slot.busy === null) {
        this.remove(slot);
        void slot.worker.terminate();
      }
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  private clearIdle(slot: Slot<Q, R>): void {
    if (slot.idleTimer) {
      clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
    }
  }

  private remove(slot: Slot<Q, R>): boolean {
    const index = this.slots.indexOf(slot);
    if (index < 0) {
      return false;
    }
    this.slots.splice(index, 1);
    this.clearIdle(slot);
    return true;
  }

  private fail(slot: Slot<Q, R>, error: unknown): void {
    if (!this.remove(slot)) {
      return;
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    slot.busy?.reject(failure);
    slot.busy = null;
    if (!slot.ready) {
      for (const pending of this.queue.splice(0)) {
        pending.reject(failure);
      }
    } else if (!this.closed) {
      this.dispatch();
    }
  }
}

/**
 * The thread side: says `'ready'`, then answers every request with `handle`'s result, or
 * its error's message.
 */
export function serveRequests<Q, R>(
  port: {
    postMessage(message: unknown): void;
    on(event: 'message', listener: (m: PoolRequest<Q>) => void): unknown;
  },
  handle: (request: Q) => R,
): void {
  port.on('message', ({ id, request }) => {
    let reply: PoolReply<R>;
    try {
      reply = { id, ok: true, result: handle(request) };
    } catch (error) {
      reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage('ready');
}
