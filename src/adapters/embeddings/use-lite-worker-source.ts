/**
 * The source of the worker thread that runs the Universal Sentence Encoder lite model.
 *
 * It is plain CommonJS run with `new Worker(source, { eval: true })`, not a module file,
 * so the same code runs under tsx, ts-jest and the compiled `dist/` (a worker file path
 * would be `.ts` in two of them and `.js` in the third). The packages are required by the
 * absolute paths the main thread resolved (`workerData`), since an eval'd worker has no
 * file of its own to resolve from. Texts longer than `workerData.maxChars` are truncated.
 *
 * Protocol (main -> worker): `{ id, texts }`. Worker -> main: `{ type: 'ready', dimensions }`
 * once the model is loaded, or `{ type: 'failed', message }` if it cannot be; then per
 * request `{ type: 'result', id, vectors }` (one flat Float32Array, L2-normalised rows,
 * its buffer transferred) or `{ type: 'error', id, message }`.
 */
/** Niceness of the embedding thread (0 normal, 19 lowest). */
export const WORKER_NICENESS = 10;

export const USE_LITE_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

function describe(error) {
  return error && error.message ? String(error.message) : String(error);
}

// Embedding is background work: on Linux this thread lowers its own scheduling priority
// (nice is per thread there), so that under full load the CPU goes to request handling first
// and the index catches up when load drops. Elsewhere the call fails and is ignored.
function lowerPriority() {
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, ${WORKER_NICENESS});
  } catch (error) {
    // Not Linux, or not permitted: run at normal priority.
  }
}

async function main() {
  lowerPriority();
  const { initModel } = require(workerData.embeddingsPath);
  const { modelSource } = require(workerData.modelPath);
  let model;
  let dimensions;
  try {
    model = await initModel(modelSource);
    dimensions = (await model.embed(['dimensions probe']))[0].length;
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: describe(error) });
    return;
  }
  parentPort.postMessage({ type: 'ready', dimensions });
  // Messages arrive one at a time; each batch is embedded before the next is read, so the
  // model never runs two batches at once.
  let queue = Promise.resolve();
  parentPort.on('message', (request) => {
    queue = queue.then(async () => {
      try {
        // A text without tokens (only '') makes the model drop or fail the row: embed a
        // blank instead. Very long texts are cut so one node cannot hold the model for long.
        const texts = request.texts.map((text) => {
          const bounded = text.length > workerData.maxChars ? text.slice(0, workerData.maxChars) : text;
          return model.tokenizer.encode(bounded).length === 0 ? ' ' : bounded;
        });
        const rows = await model.embed(texts);
        if (rows.length !== texts.length) {
          throw new Error('the model returned ' + rows.length + ' rows for ' + texts.length + ' texts');
        }
        const flat = new Float32Array(rows.length * dimensions);
        rows.forEach((row, r) => {
          let norm = 0;
          for (const value of row) norm += value * value;
          const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
          for (let i = 0; i < dimensions; i += 1) flat[r * dimensions + i] = row[i] * scale;
        });
        parentPort.postMessage({ type: 'result', id: request.id, vectors: flat }, [flat.buffer]);
      } catch (error) {
        parentPort.postMessage({ type: 'error', id: request.id, message: describe(error) });
      }
    });
  });
}

main().catch((error) => {
  parentPort.postMessage({ type: 'failed', message: describe(error) });
});
`;
