import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Embedder } from '../../../ports/embedder';
import { startModuleWorker, stopWorker } from '../../../workers/module-worker';
import type { ModelBuild } from './model-build';
import type {
  EmbedRequest,
  StopRequest,
  ThreadData,
  ThreadOptions,
  ThreadReply,
} from './model-thread';
import { DIMENSIONS } from './use-lite-graph';

/**
 * How long `close()` waits for a thread to finish its model run and end. A run is one batch
 * (well under a second); past this the thread is left to end by itself.
 */
const STOP_GRACE_MS = 10_000;

interface PendingRequest {
  count: number;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/** One thread: started once the model is built, ready once its session has loaded. */
interface ModelThread {
  worker: Worker | null;
  ready: Promise<number>;
  dimensions: number | null;
}

/**
 * The bundled model in a worker thread (`model-thread.ts`), as an Embedder. The thread is
 * started, and loads the model (built once per process by `ModelBuild`), on the first
 * embed call; `dimensions()` only waits for the build. An idle thread does not keep the
 * process alive; a busy one does. If it dies, pending calls reject and the next call
 * starts a new one. `close()` stops it for good: the thread finishes the run in progress and
 * ends itself (it is never terminated while onnxruntime runs, see `stopWorker`).
 */
export class ModelWorker implements Embedder {
  readonly name = 'use-lite';
  private thread: ModelThread | null = null;
  private readonly pending = new Map<number, PendingRequest>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly options: ThreadOptions,
    private readonly model: ModelBuild,
  ) {}

  /** The model's dimensions, once it is built (no thread is started for them). */
  async dimensions(): Promise<number> {
    if (this.closed) {
      throw closedError();
    }
    await this.model.get();
    return DIMENSIONS;
  }

  /** Whether the thread runs (or is being started): a pool prefers those. */
  get started(): boolean {
    return this.thread !== null;
  }

  /** Calls sent and not yet answered. */
  get pendingCount(): number {
    return this.pending.size;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.closed) {
      throw closedError();
    }
    if (texts.length === 0) {
      return [];
    }
    const thread = this.start();
    await thread.ready;
    return this.send(thread, [...texts]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = null;
    this.failPending(closedError());
    const worker = thread?.worker;
    if (worker) {
      await stopWorker(
        worker,
        () => worker.postMessage({ stop: true } satisfies StopRequest),
        STOP_GRACE_MS,
      );
    }
  }

  private start(): ModelThread {
    if (this.thread) {
      return this.thread;
    }
    let loaded: (dimensions: number) => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<number>((resolve, reject) => {
      loaded = resolve;
      failed = reject;
    });
    // Callers observe the failure through their own call; avoid an unhandled rejection.
    ready.catch(() => undefined);
    const thread: ModelThread = { worker: null, ready, dimensions: null };
    this.thread = thread;
    this.model.get().then(
      (bytes) => {
        if (this.thread !== thread) {
          failed(this.closed ? closedError() : new Error('The embedding worker stopped'));
          return;
        }
        this.spawn(thread, bytes, loaded, failed);
      },
      (error: unknown) => {
        // Not built: forget this thread, so that the next call tries again.
        if (this.thread === thread) {
          this.thread = null;
        }
        failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return thread;
  }

  private spawn(
    thread: ModelThread,
    bytes: Uint8Array,
    loaded: (dimensions: number) => void,
    failed: (error: Error) => void,
  ): void {
    // The thread's own copy, moved to it: it frees it once its session has loaded.
    const model = bytes.slice();
    const worker = startModuleWorker(path.join(__dirname, 'model-thread'), {
      workerData: { ...this.options, model } satisfies ThreadData,
      transferList: [model.buffer],
    });
    thread.worker = worker;

    worker.on('message', (reply: ThreadReply) => {
      switch (reply.type) {
        case 'ready':
          thread.dimensions = reply.dimensions;
          loaded(reply.dimensions);
          this.updateRef(thread);
          break;
        case 'failed': {
          const error = new Error(`Could not load the embedding model: ${reply.message}`);
          this.abandon(thread, error);
          failed(error);
          break;
        }
        case 'vectors':
          this.settle(reply.id, thread, reply.vectors);
          break;
        case 'error':
          this.settle(reply.id, thread, new Error(`The embedding model failed: ${reply.message}`));
          break;
      }
    });
    const onEnd = (describe: string) => {
      const failure = this.closed ? closedError() : new Error(describe);
      this.abandon(thread, failure);
      failed(failure);
    };
    worker.on('error', (error) =>
      onEnd(
        `The embedding worker crashed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    worker.on('exit', (code) => onEnd(`The embedding worker exited (code ${code})`));
  }

  private send(thread: ModelThread, texts: string[]): Promise<Float32Array[]> {
    if (this.closed) {
      return Promise.reject(closedError());
    }
    const worker = thread.worker;
    if (this.thread !== thread || !worker) {
      return Promise.reject(new Error('The embedding worker stopped'));
    }
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<Float32Array[]>((resolve, reject) => {
      this.pending.set(id, { count: texts.length, resolve, reject });
      this.updateRef(thread);
      worker.postMessage({ id, texts } satisfies EmbedRequest);
    });
  }

  private settle(id: number, thread: ModelThread, outcome: Float32Array | Error): void {
    const request = this.pending.get(id);
    if (!request) {
      return;
    }
    this.pending.delete(id);
    this.updateRef(thread);
    if (outcome instanceof Error) {
      request.reject(outcome);
      return;
    }
    const dimensions = thread.dimensions ?? 0;
    if (outcome.length !== request.count * dimensions) {
      request.reject(new Error('The embedding model returned vectors of an unexpected shape'));
      return;
    }
    const rows: Float32Array[] = [];
    for (let r = 0; r < request.count; r += 1) {
      // Copied with this realm's Float32Array (the message's arrays belong to the worker's).
      rows.push(new Float32Array(outcome.subarray(r * dimensions, (r + 1) * dimensions)));
    }
    request.resolve(rows);
  }

  /**
   * An idle thread must not keep the process alive (a CLI run or a test would never end);
   * a busy one must, or a process awaiting an embedding could exit before it arrives.
   */
  private updateRef(thread: ModelThread): void {
    if (this.thread !== thread || !thread.worker) {
      return;
    }
    if (this.pending.size > 0 || thread.dimensions === null) {
      thread.worker.ref();
    } else {
      thread.worker.unref();
    }
  }

  /**
   * Forgets a dead or failed thread: pending calls reject, the next call starts anew. The
   * thread has exited, is exiting (an uncaught error), or could not load the model and runs
   * nothing, so terminating it cannot interrupt a model run.
   */
  private abandon(thread: ModelThread, error: Error): void {
    if (this.thread !== thread) {
      return;
    }
    this.thread = null;
    this.failPending(error);
    void thread.worker?.terminate();
  }

  private failPending(error: Error): void {
    const requests = [...this.pending.values()];
    this.pending.clear();
    for (const request of requests) {
      request.reject(error);
    }
  }
}

function closedError(): Error {
  return new Error('The embedder was closed');
}

/** Texts below which a call goes to one thread: splitting it would cost more than it saves. */
const MIN_SPLIT = 32;

/**
 * Several model threads as one Embedder: a large call is split into one contiguous part
 * per thread (each thread groups its part by length), so a batch uses every thread at once,
 * without the synchronisation of one model run spread over several cores.
 *
 * Threads start as they are needed, each costing some 50 MB: a small call goes to the least
 * busy thread already running (the first thread when none runs), so a process that only
 * ever indexes a few nodes at a time runs one; the first large call (a backlog) starts the
 * others.
 */
export class ModelPool implements Embedder {
  readonly name = 'use-lite';

  constructor(private readonly threads: readonly ModelWorker[]) {
    if (threads.length === 0) {
      throw new Error('A model pool needs at least one thread');
    }
  }

  /** Every thread runs the same model: its dimensions, starting no thread. */
  dimensions(): Promise<number> {
    return this.threads[0]!.dimensions();
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length < MIN_SPLIT) {
      return this.leastBusy().embed(texts);
    }
    const size = Math.ceil(texts.length / this.threads.length);
    const parts = await Promise.all(
      this.threads.map((thread, i) => thread.embed(texts.slice(i * size, (i + 1) * size))),
    );
    return parts.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.close()));
  }

  private leastBusy(): ModelWorker {
    let best = this.threads[0]!;
    for (const thread of this.threads) {
      if (thread.started && (!best.started || thread.pendingCount < best.pendingCount)) {
        best = thread;
      }
    }
    return best;
  }
}
