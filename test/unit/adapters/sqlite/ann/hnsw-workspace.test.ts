import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createHnsw,
  DEFAULT_HNSW_PARAMS,
  searchWidth,
} from '../../../../../src/adapters/sqlite/ann/hnsw-params';
import {
  HnswWorkspace,
  type PointRecord,
} from '../../../../../src/adapters/sqlite/ann/hnsw-workspace';
import { unit } from '../../../../contract/vector-index/vector-index.contract';

const limits = { width: () => 64, maxPendingScan: 100, maxFetch: 1000 };
const query = (vector: Float32Array, extra: { topK?: number; entityType?: string } = {}) => ({
  workspaceId: 'w',
  vector,
  topK: extra.topK ?? 10,
  ...(extra.entityType ? { entityType: extra.entityType } : {}),
});
const put = (nodeId: string, vector: Float32Array, entityType = 'Pump'): PointRecord => ({
  nodeId,
  entityType,
  vector,
});
const ids = (hits: { nodeId: string }[] | null) => hits?.map((hit) => hit.nodeId) ?? null;

/** A workspace whose graph holds a (key 1) and b (key 2), as of log seq 10. */
function withGraph(): HnswWorkspace {
  const graph = createHnsw(4, DEFAULT_HNSW_PARAMS);
  graph.add(BigInt(1), unit(1, 0, 0, 0), 1);
  graph.add(BigInt(2), unit(0, 1, 0, 0), 1);
  const ws = new HnswWorkspace('w', 0);
  ws.install({
    graph,
    keys: [1, 2],
    labels: [
      { nodeId: 'a', entityType: 'Pump' },
      { nodeId: 'b', entityType: 'Valve' },
    ],
    watermark: 10,
  });
  return ws;
}

/** Applies everything pending; `read` answers for points written elsewhere. */
function applyAll(ws: HnswWorkspace, read: (key: number) => PointRecord | null = () => null) {
  expect(ws.applySome(Number.POSITIVE_INFINITY, read)).toBe(false);
  expect(ws.backlog).toBe(0);
}

describe('HnswWorkspace', () => {
  it('answers from the graph, best first with cosine scores', () => {
    const hits = withGraph().search(query(unit(1, 0.2, 0, 0)), limits);
    expect(ids(hits)).toEqual(['a', 'b']);
    expect(hits?.[0]?.score).toBeCloseTo(1 / Math.sqrt(1.04), 3);
  });

  it('finds a recorded point before it is applied, and the same after', () => {
    const ws = withGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    expect(ws.size).toBe(3);
    expect(ids(ws.search(query(unit(0, 0, 1, 0), { topK: 1 }), limits))).toEqual(['c']);
    applyAll(ws);
    expect(ids(ws.search(query(unit(0, 0, 1, 0), { topK: 1 }), limits))).toEqual(['c']);
  });

  it("skips the graph's stale copy of a replaced or removed point", () => {
    const ws = withGraph();
    ws.record(11, 1, put('a', unit(0, 0, 0, 1), 'Sensor'));
    ws.record(12, 2, 'remove');
    const pending = ws.search(query(unit(1, 0, 0, 0)), limits);
    expect(ids(pending)).toEqual(['a']);
    expect(pending?.[0]?.score).toBeCloseTo(0, 5);
    expect(ws.size).toBe(1);
    applyAll(ws);
    expect(ids(ws.search(query(unit(0, 0, 0, 1)), limits))).toEqual(['a']);
    expect(ws.search(query(unit(1, 0, 0, 0), { entityType: 'Pump' }), limits)).toEqual([]);
    expect(ids(ws.search(query(unit(1, 0, 0, 0), { entityType: 'Sensor' }), limits))).toEqual([
      'a',
    ]);
  });

  it('declines while a point written elsewhere is unread, then reads it when applied', () => {
    const ws = withGraph();
    ws.record(11, 7, 'unread');
    expect(ws.search(query(unit(1, 0, 0, 0)), limits)).toBeNull();
    applyAll(ws, (key) => (key === 7 ? put('g', unit(0, 0, 1, 0), 'Tank') : null));
    expect(ids(ws.search(query(unit(0, 0, 1, 0), { topK: 1 }), limits))).toEqual(['g']);
    expect(ids(ws.search(query(unit(0, 0, 1, 0), { entityType: 'Tank' }), limits))).toEqual(['g']);
  });

  it('counts an unread point that is gone by the time it is read as gone', () => {
    const ws = withGraph();
    ws.record(11, 7, 'unread');
    expect(ws.size).toBe(3);
    applyAll(ws, () => null);
    expect(ws.size).toBe(2);
    ws.record(12, 7, 'remove');
    expect(ws.size).toBe(2);
  });

  it('declines when scanning the waiting points would cost more than an exact search', () => {
    const ws = withGraph();
    for (let key = 100; key < 100 + limits.maxPendingScan + 1; key += 1) {
      ws.record(key, key, put(`n${key}`, unit(1, 1, key, 0)));
    }
    expect(ws.search(query(unit(1, 0, 0, 0)), limits)).toBeNull();
    applyAll(ws);
    expect(ws.search(query(unit(1, 0, 0, 0)), limits)).toHaveLength(10);
  });

  it('declines an entity-type filter too selective for an over-fetch from the graph', () => {
    const ws = withGraph();
    expect(
      ws.search(query(unit(1, 0, 0, 0), { entityType: 'Valve' }), { ...limits, maxFetch: 1 }),
    ).toBeNull();
    expect(ws.search(query(unit(1, 0, 0, 0), { entityType: 'Nope' }), limits)).toEqual([]);
  });

  it('drops, when a graph is installed, the pending changes it already holds', () => {
    const ws = new HnswWorkspace('w', 0);
    ws.record(5, 1, put('a', unit(1, 0, 0, 0)));
    ws.record(12, 3, put('c', unit(0, 0, 1, 0)));
    expect(ws.ready).toBe(false);
    const graph = createHnsw(4, DEFAULT_HNSW_PARAMS);
    graph.add(BigInt(1), unit(1, 0, 0, 0), 1);
    ws.install({ graph, keys: [1], labels: [{ nodeId: 'a', entityType: 'Pump' }], watermark: 10 });
    expect(ws.backlog).toBe(1);
    expect(ws.size).toBe(2);
    expect(ids(ws.search(query(unit(1, 0, 0, 0)), limits))).toEqual(['a', 'c']);
  });

  it('keeps the newer change when an older one of the same point comes later (catch-up)', () => {
    const ws = withGraph();
    ws.record(20, 1, 'remove');
    ws.record(15, 1, put('a', unit(1, 0, 0, 0)));
    expect(ws.size).toBe(1);
    expect(ids(ws.search(query(unit(1, 0, 0, 0)), limits))).toEqual(['b']);
  });

  it('saves the graph with the seq up to which it is complete', () => {
    const ws = withGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    applyAll(ws);
    ws.record(14, 4, put('d', unit(0, 0, 0, 1)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hnsw-'));
    try {
      const saved = ws.save(path.join(dir, 'g.usearch'), 20);
      expect(saved.watermark).toBe(13);
      expect([...saved.keys].sort()).toEqual([1, 2, 3]);
      // d is not in the saved graph: a change since the snapshot.
      expect(ws.changedSinceSnapshot).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('searchWidth', () => {
  it('is expansionSearch up to 20,000 points, then grows with the square root of the size', () => {
    const width = (size: number) => searchWidth(size, DEFAULT_HNSW_PARAMS);
    expect(width(0)).toBe(160);
    expect(width(20_000)).toBe(160);
    expect(width(80_000)).toBe(320);
    expect(width(100_000)).toBe(358);
    expect(width(10_000_000)).toBe(3578);
    expect(width(100_000_000)).toBe(11_314);
    expect(width(1_000_000_000)).toBe(16_384);
  });
});
