import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HnswVectorIndex } from '../../src/adapters/sqlite/ann/hnsw-vector-index';
import { openDatabase } from '../../src/adapters/sqlite/database';
import type { VectorIndex, VectorQuery } from '../../src/ports/vector-index';
import { vectorIndexContract } from './vector-index.contract';

/**
 * The adapter under the contract, with every search answered by a graph: each workspace's
 * graph is built (minPoints 0) and awaited before the search, and a search the graph did
 * not answer fails the test, so the contract checks the approximate path, not the exact
 * fallback.
 */
function graphAnswered(index: HnswVectorIndex): VectorIndex {
  let ensured = false;
  return {
    backend: index.backend,
    ensure: async (dimensions) => {
      const result = await index.ensure(dimensions);
      ensured = true;
      return result;
    },
    upsert: (points) => index.upsert(points),
    remove: (workspaceId, nodeIds) => index.remove(workspaceId, nodeIds),
    clearWorkspace: (workspaceId) => index.clearWorkspace(workspaceId),
    count: (workspaceId) => index.count(workspaceId),
    close: () => index.close(),
    search: async (query: VectorQuery) => {
      if (!ensured) {
        return index.search(query);
      }
      const status = await index.prepareWorkspace(query.workspaceId);
      if (status.mode !== 'ready') {
        throw new Error(`the graph is not ready: ${JSON.stringify(status)}`);
      }
      const before = index.searchCounts().graph;
      const hits = await index.search(query);
      if (index.searchCounts().graph !== before + 1) {
        throw new Error('the search was answered exactly, not from the graph');
      }
      return hits;
    },
  };
}

vectorIndexContract('sqlite-vec + HNSW graph', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hnsw-index-'));
  const db = openDatabase({ filename: path.join(dir, 'vectors.db') });
  const index = new HnswVectorIndex(db, { minPoints: 0, buildThreads: 1 });
  return Promise.resolve({
    index: graphAnswered(index),
    cleanup: () => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});
