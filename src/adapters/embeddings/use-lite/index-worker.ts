/**
 * The bundled model's background thread (started by UseLiteModel): it builds the ONNX model
 * from the shipped weights, runs index batches at a lowered priority, and hands a copy of
 * the model's bytes to the main thread, whose query runner uses the same model.
 *
 * Protocol (main -> worker): `{ type: 'embed', id, texts }`, `{ type: 'model', id }`.
 * Worker -> main: `{ type: 'ready', dimensions }` once the model runs, or
 * `{ type: 'failed', message }`; per request `{ type: 'vectors', id, vectors }` (one flat
 * Float32Array of unit rows, its buffer transferred), `{ type: 'model', id, bytes }`, or
 * `{ type: 'error', id, message }`.
 */
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../../workers/module-worker';
import { buildRunnerModel, UseLiteRunner } from './runner';

export type WorkerRequest =
  { type: 'embed'; id: number; texts: string[] } | { type: 'model'; id: number };

export type WorkerReply =
  | { type: 'ready'; dimensions: number }
  | { type: 'failed'; message: string }
  | { type: 'vectors'; id: number; vectors: Float32Array }
  | { type: 'model'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; message: string };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  // Before onnxruntime starts any thread, so they inherit the lower priority.
  lowerThreadPriority();
  const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []): void => {
    port.postMessage(reply, transfer);
  };
  let runner: UseLiteRunner;
  let bytes: Uint8Array;
  try {
    const model = buildRunnerModel('int8');
    bytes = model.bytes;
    runner = await UseLiteRunner.create(model);
  } catch (error) {
    post({ type: 'failed', message: describe(error) });
    return;
  }
  post({ type: 'ready', dimensions: runner.dimensions });
  // One request at a time, in arrival order: the model never runs two batches at once.
  let queue = Promise.resolve();
  port.on('message', (request: WorkerRequest) => {
    queue = queue.then(async () => {
      if (request.type === 'model') {
        const copy = bytes.slice();
        post({ type: 'model', id: request.id, bytes: copy }, [copy.buffer]);
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
  main(port).catch((error: unknown) => {
    port.postMessage({ type: 'failed', message: describe(error) } satisfies WorkerReply);
  });
}
