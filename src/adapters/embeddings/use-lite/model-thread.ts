/**
 * A thread that runs the bundled model (started by ModelWorker): it loads the ONNX model
 * (built once per process, `ModelBuild`) into an onnxruntime session and embeds the texts
 * it is sent, one request at a time.
 *
 * `workerData`: `{ background: boolean, threads: number, model: Uint8Array }`. A background
 * thread (index batches) lowers its own priority first, so that onnxruntime's threads
 * inherit it; a query thread keeps normal priority. `threads` is onnxruntime's intra-op
 * thread count; `model` the ONNX bytes (this thread's own copy).
 *
 * Protocol (main -> worker): `{ id, texts }`, or `{ stop: true }`. Worker -> main:
 * `{ type: 'ready', dimensions }` once the model runs, or `{ type: 'failed', message }`; per
 * request `{ type: 'vectors', id, vectors }` (one flat Float32Array of unit rows, its buffer
 * transferred) or `{ type: 'error', id, message }`.
 *
 * Stopping is this thread's own doing: on `{ stop: true }` it skips the requests still
 * queued, lets the model run in progress finish, and ends. It must never be terminated
 * from outside while onnxruntime runs: the binding then fails to hand back its result,
 * throws a C++ exception it cannot deliver, and aborts the whole process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../../../workers/module-worker';
import { readVocabulary } from './model-files';
import { UseLiteRunner } from './runner';

/** How a model thread runs: its priority and onnxruntime's intra-op thread count. */
export interface ThreadOptions {
  background: boolean;
  threads: number;
}

/** What a model thread is started with. */
export interface ThreadData extends ThreadOptions {
  /** The ONNX model; emptied once loaded, so that the session holds the only copy. */
  model: Uint8Array | null;
}

export interface EmbedRequest {
  id: number;
  texts: string[];
}

export interface StopRequest {
  stop: true;
}

export type ThreadReply =
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; message: string }
  | { type: 'vectors'; id: number; vectors: Float32Array }
  | { type: 'error'; id: number; message: string };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(port: NonNullable<typeof parentPort>, options: ThreadData): Promise<void> {
  if (options.background) {
    // Before onnxruntime starts any thread, so they inherit the lower priority.
    lowerThreadPriority();
  }
  const post = (reply: ThreadReply, transfer: ArrayBuffer[] = []): void => {
    port.postMessage(reply, transfer);
  };
  let runner: UseLiteRunner;
  try {
    const bytes = options.model;
    if (!bytes) {
      throw new Error('the model thread was started without the model');
    }
    // workerData lives as long as the thread: let the session's copy be the only one.
    options.model = null;
    runner = await UseLiteRunner.create(
      { bytes, vocabulary: readVocabulary() },
      { threads: options.threads },
    );
    // The session holds its own copy: free this one now (13 MB) rather than at the thread's
    // next garbage collection, which an idle thread may never run. (`transfer` is ES2024.)
    (bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
  } catch (error) {
    post({ type: 'failed', message: describe(error) });
    return;
  }
  post({ type: 'ready', dimensions: runner.dimensions });
  // One request at a time, in arrival order: the model never runs two batches at once.
  let queue = Promise.resolve();
  let stopping = false;
  port.on('message', (request: EmbedRequest | StopRequest) => {
    if ('stop' in request) {
      stopping = true;
      // After the run in progress; process.exit in a worker ends only this thread.
      queue = queue.then(() => process.exit(0));
      return;
    }
    queue = queue.then(async () => {
      if (stopping) {
        return;
      }
      try {
        const rows = await runner.embed(request.texts);
        const flat = new Float32Array(rows.length * runner.dimensions);
        rows.forEach((row, r) => flat.set(row, r * runner.dimensions));
        post({ type: 'vectors', id: request.id, vectors: flat }, [flat.buffer]);
      } catch (error) {
        post({ type: 'error', id: request.id, message: describe(error) });
      }
    });
  });
}

if (parentPort) {
  const port = parentPort;
  main(port, workerData as ThreadData).catch((error: unknown) => {
    port.postMessage({ type: 'failed', message: describe(error) } satisfies ThreadReply);
  });
}
