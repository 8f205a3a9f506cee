/**
 * A short-lived thread that builds the bundled model's ONNX bytes (started by ModelBuild)
 * and ends: `{ type: 'built', bytes }` (its buffer transferred) or `{ type: 'failed',
 * message }`. It runs no onnxruntime, so terminating it is safe.
 */
import { parentPort } from 'node:worker_threads';
import { buildRunnerModel } from './runner';

export type BuildReply = { type: 'built'; bytes: Uint8Array } | { type: 'failed'; message: string };

if (parentPort) {
  const port = parentPort;
  try {
    const { bytes } = buildRunnerModel('int8');
    // A buffer of exactly the model (ProtoWriter.finish), so it can move without a copy.
    port.postMessage({ type: 'built', bytes } satisfies BuildReply, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies BuildReply);
  }
}
