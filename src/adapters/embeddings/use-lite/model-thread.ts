/**
 * A thread that runs the bundled model (started by ModelWorker): it builds the ONNX model
 * from the shipped weights and embeds the texts it is sent, one request at a time.
 *
 * `workerData`: `{ background: boolean, threads: number }`. A background thread (index
 * batches) lowers its own priority first, so that onnxruntime's threads inherit it; a
 * query thread keeps normal priority. `threads` is onnxruntime's intra-op thread count.
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
import { buildRunnerModel, UseLiteRunner } from './runner';

export interface ThreadOptions {
  background: boolean;
  threads: number;
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

async function main(port: NonNullable<typeof parentPort>, options: ThreadOptions): Promise<void> {
  if (options.background) {
    // Before onnxruntime starts any thread, so they inherit the lower priority.
    lowerThreadPriority();
  }
  const post = (reply: ThreadReply, transfer: ArrayBuffer[] = []): void => {
    port.postMessage(reply, transfer);
  };
  let runner: UseLiteRunner;
  try {
    runner = await UseLiteRunner.create(buildRunnerModel('int8'), { threads: options.threads });
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
  main(port, workerData as ThreadOptions).catch((error: unknown) => {
    port.postMessage({ type: 'failed', message: describe(error) } satisfies ThreadReply);
  });
}
