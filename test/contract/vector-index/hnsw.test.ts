import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HnswVectorIndex } from '../../../src/adapters/sqlite/ann/hnsw-vector-index';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import type { VectorIndex, VectorQuery } from '../../../src/ports/vector-index';
import { clusteredVectors } from '../../support/clustered-vectors';
import { HnswStore, pointsOf } from '../../support/hnsw-store';
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

describe('HnswVectorIndex: searching', () => {
  let store: HnswStore;
  let ws: string;
  beforeEach(() => {
    store = new HnswStore();
    ws = randomUUID();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await store.close();
  });

  it('answers a filter on a rare entity type with the exact top k', async () => {
    const { index } = store.open({ maxFetch: 1000 });
    const exact = store.other().index;
    await index.ensure(16);
    const vectors = clusteredVectors({
      count: 3000,
      dimensions: 16,
      clusters: 30,
      spread: 0.2,
      seed: 7,
    });
    const rare = new Set([5, 900, 1500, 2100, 2999, 42]);
    await index.upsert(
      pointsOf(ws, vectors, { entityType: (i) => (rare.has(i) ? 'Rare' : i % 2 ? 'Odd' : 'Even') }),
    );
    expect((await index.prepareWorkspace(ws)).mode).toBe('ready');

    for (const [i, vector] of vectors.slice(0, 5).entries()) {
      const query = { workspaceId: ws, vector, topK: 10, entityType: 'Rare' };
      const before = index.searchCounts();
      const hits = await index.search(query);
      // Too few points of the type for an over-fetch from the graph: answered exactly.
      expect(index.searchCounts().exact).toBe(before.exact + 1);
      expect(hits).toEqual(await exact.search(query));
      expect(hits).toHaveLength(rare.size);

      const common = { workspaceId: ws, vector, topK: 10, entityType: i % 2 ? 'Odd' : 'Even' };
      const fromGraph = await index.search(common);
      expect(index.searchCounts().graph).toBe(before.graph + 1);
      const expected = await exact.search(common);
      expect(fromGraph.map((hit) => hit.nodeId)).toEqual(expected.map((hit) => hit.nodeId));
      fromGraph.forEach((hit, rank) => expect(hit.score).toBeCloseTo(expected[rank]!.score, 2));
    }
  });

  it('finds at least 98% of the exact top 10 on clustered vectors', async () => {
    const { index } = store.open();
    const exact = store.other().index;
    const dimensions = 64;
    await index.ensure(dimensions);
    const all = clusteredVectors({ count: 4050, dimensions, clusters: 40, spread: 0.12, seed: 11 });
    const [points, queries] = [all.slice(0, 4000), all.slice(4000)];
    await index.upsert(pointsOf(ws, points));
    expect((await index.prepareWorkspace(ws)).mode).toBe('ready');

    let found = 0;
    for (const vector of queries) {
      const query = { workspaceId: ws, vector, topK: 10 };
      const approximate = new Set((await index.search(query)).map((hit) => hit.nodeId));
      const truth = await exact.search(query);
      found += truth.filter((hit) => approximate.has(hit.nodeId)).length;
    }
    expect(index.searchCounts().graph).toBe(queries.length);
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.98);
  });

  /** A writer that starts graphs on its own writes (minPoints 100), and vectors for it. */
  async function buildingOnWrite(count: number, seed: number) {
    const server = store.open({ minPoints: 100, buildOnWrite: true, buildQuietMs: 20 });
    await server.index.ensure(4);
    const vectors = clusteredVectors({ count, dimensions: 4, clusters: 3, spread: 0.3, seed });
    return { server, vectors };
  }

  /** Waits (up to 5 s) for the workspace to leave the exact path. */
  async function whileExact(index: HnswVectorIndex): Promise<void> {
    for (let i = 0; i < 500 && index.annStatus(ws).mode === 'exact'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("starts a workspace's graph once its own writes past minPoints pause (buildOnWrite)", async () => {
    const { server, vectors } = await buildingOnWrite(120, 3);
    const cli = store.open({ minPoints: 100 });
    await server.index.upsert(pointsOf(ws, vectors.slice(0, 60)));
    expect(server.index.annStatus(ws).mode).toBe('exact');
    await server.index.upsert(pointsOf(ws, vectors.slice(60), { prefix: 'more' }));
    // Past minPoints, but the graph waits for the writes to pause.
    expect(server.index.annStatus(ws).mode).toBe('exact');
    await whileExact(server.index);
    expect(server.index.annStatus(ws).mode).not.toBe('exact');
    expect(server.index.searchCounts()).toEqual({ graph: 0, exact: 0 });
    expect((await server.index.prepareWorkspace(ws)).mode).toBe('ready');

    const other = randomUUID();
    await cli.index.upsert(pointsOf(other, vectors));
    expect(cli.index.annStatus(other).mode).toBe('exact');
  });

  it('counts the points it has, not the writes it saw: deletes keep a workspace below minPoints', async () => {
    const { server, vectors } = await buildingOnWrite(130, 4);
    const first = pointsOf(ws, vectors.slice(0, 60));
    await server.index.upsert(first);
    await server.index.remove(
      ws,
      first.slice(0, 30).map((p) => p.nodeId),
    );
    // 110 points written, 80 stored: no graph, however long the writes pause.
    await server.index.upsert(pointsOf(ws, vectors.slice(60, 110), { prefix: 'more' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.index.annStatus(ws).mode).toBe('exact');
    // 30 more make 110 stored: the graph starts once they pause.
    await server.index.upsert(pointsOf(ws, vectors.slice(100), { prefix: 'last' }));
    await whileExact(server.index);
    expect(server.index.annStatus(ws).mode).not.toBe('exact');
    expect((await server.index.prepareWorkspace(ws)).mode).toBe('ready');
  });

  it('stops a build in progress on close(): no worker is left running', async () => {
    const { index } = store.open();
    await index.ensure(16);
    await index.upsert(
      pointsOf(
        ws,
        clusteredVectors({ count: 5000, dimensions: 16, clusters: 9, spread: 0.2, seed: 5 }),
      ),
    );
    // Every worker started from here on: the build's (the build worker unrefs itself).
    const workers: Worker[] = [];
    const unref = jest.spyOn(Worker.prototype, 'unref');
    unref.mockImplementation(function (this: Worker) {
      workers.push(this);
      unref.mockRestore();
      this.unref();
    });
    const preparing = index.prepareWorkspace(ws);
    while (index.annStatus(ws).mode === 'loading') {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(index.annStatus(ws).mode).toBe('building');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.threadId).toBeGreaterThan(0);

    await index.close();
    expect(workers[0]!.threadId).toBe(-1);
    await expect(preparing).resolves.toMatchObject({ mode: 'exact' });
    expect(store.snapshotFiles().filter((name) => name.endsWith('.usearch'))).toEqual([]);
  });
});
