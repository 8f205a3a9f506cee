/**
 * The source of the worker thread that builds the HNSW graph of one workspace.
 *
 * Plain CommonJS run with `new Worker(source, { eval: true })`, like the embedding worker,
 * so the same code runs under tsx, ts-jest and the compiled `dist/`; packages are required
 * by the absolute paths the main thread resolved (`workerData`).
 *
 * One build per worker: it opens its own read-only connection, reads in one read
 * transaction the log's newest seq (the build's watermark), the vector table's generation
 * and dimensions, and every point of the workspace; closes the connection; adds the points
 * to a new usearch index with `workerData.threads` threads; saves it to
 * `workerData.graphPath`; posts `{ type: 'built', watermark, generation, dimensions, keys,
 * nodeIds, entityTypes }` (keys as a transferred Float64Array) or `{ type: 'failed',
 * message }`; and ends. The worker ending frees the graph's native memory at once.
 */
/** Niceness of the build thread and the threads usearch starts from it (0 normal, 19 lowest). */
export const BUILD_WORKER_NICENESS = 10;

export const BUILD_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');

function describe(error) {
  return error && error.message ? String(error.message) : String(error);
}

// Building is background work: on Linux this thread lowers its own scheduling priority
// before usearch starts its threads (they inherit it), so that request handling gets the
// CPU first. Elsewhere the call fails and is ignored.
function lowerPriority() {
  try {
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) require('node:os').setPriority(tid, ${BUILD_WORKER_NICENESS});
  } catch (error) {
    // Not Linux, or not permitted: run at normal priority.
  }
}

function readWorkspace() {
  const Database = require(workerData.driverPath);
  const db = new Database(workerData.filename, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    require(workerData.sqliteVecPath).load(db);
    db.exec('BEGIN');
    const table = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'vector_embeddings'")
      .pluck()
      .get();
    const match = table ? /float\\[(\\d+)\\]/.exec(table) : null;
    if (!match) throw new Error('the vector table does not exist');
    const dimensions = Number(match[1]);
    const generation = db
      .prepare('SELECT generation FROM vector_index_state WHERE id = 1')
      .pluck()
      .get();
    const watermark = db.prepare('SELECT max(seq) FROM vector_changes').pluck().get() || 0;
    const nodeIdOf = new Map(
      db
        .prepare('SELECT id, node_id FROM vector_nodes WHERE workspace_id = ?')
        .raw()
        .all(workerData.workspaceId),
    );
    const keys = new Float64Array(nodeIdOf.size);
    const vectors = new Float32Array(nodeIdOf.size * dimensions);
    const bytes = new Uint8Array(vectors.buffer);
    const nodeIds = [];
    const entityTypes = [];
    // A scan of the workspace's partition: far cheaper per point than look-ups by rowid.
    const rows = db
      .prepare('SELECT rowid, entity_type, embedding FROM vector_embeddings WHERE workspace_id = ?')
      .raw()
      .iterate(workerData.workspaceId);
    for (const [rowid, entityType, blob] of rows) {
      const nodeId = nodeIdOf.get(rowid);
      if (nodeId === undefined || nodeIds.length === keys.length) continue;
      if (blob.length !== dimensions * 4) throw new Error('a stored vector has the wrong size');
      bytes.set(blob, nodeIds.length * dimensions * 4);
      keys[nodeIds.length] = rowid;
      nodeIds.push(nodeId);
      entityTypes.push(entityType);
    }
    db.exec('COMMIT');
    return { dimensions, generation, watermark, keys, vectors, nodeIds, entityTypes };
  } finally {
    db.close();
  }
}

function main() {
  lowerPriority();
  const read = readWorkspace();
  const { Index } = require(workerData.usearchPath);
  const p = workerData.params;
  const index = new Index({
    dimensions: read.dimensions,
    metric: 'cos',
    quantization: 'f16',
    connectivity: p.connectivity,
    expansion_add: p.expansionAdd,
    expansion_search: p.expansionSearch,
    multi: false,
  });
  const count = read.nodeIds.length;
  if (count > 0) {
    const keys = BigUint64Array.from(read.keys.subarray(0, count), (key) => BigInt(key));
    index.add(keys, read.vectors.subarray(0, count * read.dimensions), workerData.threads);
  }
  index.save(workerData.graphPath);
  const keys = read.keys.slice(0, count);
  parentPort.postMessage(
    {
      type: 'built',
      watermark: read.watermark,
      generation: read.generation,
      dimensions: read.dimensions,
      keys,
      nodeIds: read.nodeIds,
      entityTypes: read.entityTypes,
    },
    [keys.buffer],
  );
}

try {
  main();
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: describe(error) });
}
`;
