import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createHnsw,
  DEFAULT_HNSW_PARAMS,
  searchWidth,
} from '../../src/adapters/sqlite/ann/hnsw-params';
import {
  LocalGraph,
  type GraphApplied,
  type GraphChanges,
} from '../../src/adapters/sqlite/ann/graph-access';
import { HnswWorkspace, type PointRecord } from '../../src/adapters/sqlite/ann/hnsw-workspace';
import { unit } from '../contract/vector-index.contract';

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
    graph: new LocalGraph(graph),
    keys: [1, 2],
    labels: [
      { nodeId: 'a', entityType: 'Pump' },
      { nodeId: 'b', entityType: 'Valve' },
    ],
    watermark: 10,
  });
  return ws;
}

/** A local graph whose batches wait until `release` is called (one batch under way). */
class HeldGraph extends LocalGraph {
  private held: (() => void) | null = null;

  override async apply(changes: GraphChanges): Promise<GraphApplied> {
    await new Promise<void>((resolve) => {
      this.held = resolve;
    });
    return super.apply(changes);
  }

  letGo(): void {
    this.held?.();
    this.held = null;
  }
}

/** Like withGraph, with batches held until `graph.letGo()`. */
function withHeldGraph(): { ws: HnswWorkspace; graph: HeldGraph } {
  const index = createHnsw(4, DEFAULT_HNSW_PARAMS);
  index.add(BigInt(1), unit(1, 0, 0, 0), 1);
  index.add(BigInt(2), unit(0, 1, 0, 0), 1);
  const graph = new HeldGraph(index);
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
  return { ws, graph };
}

/** Applies everything pending; `read` answers for points written elsewhere. */
async function applyAll(ws: HnswWorkspace, read: (key: number) => PointRecord | null = () => null) {
  for (let batch = 0; batch < 1000 && (await ws.applyNext(read)); batch += 1) {
    // One batch at a time, as the updater sends them.
  }
  expect(ws.backlog).toBe(0);
}

describe('HnswWorkspace', () => {
  it('answers from the graph, best first with cosine scores', async () => {
    const hits = await withGraph().search(query(unit(1, 0.2, 0, 0)), limits);
    expect(ids(hits)).toEqual(['a', 'b']);
    expect(hits?.[0]?.score).toBeCloseTo(1 / Math.sqrt(1.04), 3);
  });

  it('finds a recorded point before it is applied, and the same after', async () => {
    const ws = withGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    expect(ws.size).toBe(3);
    expect(ids(await ws.search(query(unit(0, 0, 1, 0), { topK: 1 }), limits))).toEqual(['c']);
    await applyAll(ws);
    expect(ids(await ws.search(query(unit(0, 0, 1, 0), { topK: 1 }), limits))).toEqual(['c']);
  });

  it("skips the graph's stale copy of a replaced or removed point", async () => {
    const ws = withGraph();
    ws.record(11, 1, put('a', unit(0, 0, 0, 1), 'Sensor'));
    ws.record(12, 2, 'remove');
    const pending = await ws.search(query(unit(1, 0, 0, 0)), limits);
    expect(ids(pending)).toEqual(['a']);
    expect(pending?.[0]?.score).toBeCloseTo(0, 5);
    expect(ws.size).toBe(1);
    await applyAll(ws);
    expect(ids(await ws.search(query(unit(0, 0, 0, 1)), limits))).toEqual(['a']);
    expect(await ws.search(query(unit(1, 0, 0, 0), { entityType: 'Pump' }), limits)).toEqual([]);
    expect(ids(await ws.search(query(unit(1, 0, 0, 0), { entityType: 'Sensor' }), limits))).toEqual(
      ['a'],
    );
  });

  it('declines while a point written elsewhere is unread, then reads it when applied', async () => {
    const ws = withGraph();
    ws.record(11, 7, 'unread');
    expect(await ws.search(query(unit(1, 0, 0, 0)), limits)).toBeNull();
    await applyAll(ws, (key) => (key === 7 ? put('g', unit(0, 0, 1, 0), 'Tank') : null));
    expect(ids(await ws.search(query(unit(0, 0, 1, 0), { topK: 1 }), limits))).toEqual(['g']);
    expect(ids(await ws.search(query(unit(0, 0, 1, 0), { entityType: 'Tank' }), limits))).toEqual([
      'g',
    ]);
  });

  it('counts an unread point that is gone by the time it is read as gone', async () => {
    const ws = withGraph();
    ws.record(11, 7, 'unread');
    expect(ws.size).toBe(3);
    await applyAll(ws, () => null);
    expect(ws.size).toBe(2);
    ws.record(12, 7, 'remove');
    expect(ws.size).toBe(2);
  });

  it('declines when scanning the waiting points would cost more than an exact search', async () => {
    const ws = withGraph();
    for (let key = 100; key < 100 + limits.maxPendingScan + 1; key += 1) {
      ws.record(key, key, put(`n${key}`, unit(1, 1, key, 0)));
    }
    expect(await ws.search(query(unit(1, 0, 0, 0)), limits)).toBeNull();
    await applyAll(ws);
    expect(await ws.search(query(unit(1, 0, 0, 0)), limits)).toHaveLength(10);
  });

  it('declines an entity-type filter too selective for an over-fetch from the graph', async () => {
    const ws = withGraph();
    expect(
      await ws.search(query(unit(1, 0, 0, 0), { entityType: 'Valve' }), { ...limits, maxFetch: 1 }),
    ).toBeNull();
    expect(await ws.search(query(unit(1, 0, 0, 0), { entityType: 'Nope' }), limits)).toEqual([]);
  });

  it('drops, when a graph is installed, the pending changes it already holds', async () => {
    const ws = new HnswWorkspace('w', 0);
    ws.record(5, 1, put('a', unit(1, 0, 0, 0)));
    ws.record(12, 3, put('c', unit(0, 0, 1, 0)));
    expect(ws.ready).toBe(false);
    const graph = createHnsw(4, DEFAULT_HNSW_PARAMS);
    graph.add(BigInt(1), unit(1, 0, 0, 0), 1);
    ws.install({
      graph: new LocalGraph(graph),
      keys: [1],
      labels: [{ nodeId: 'a', entityType: 'Pump' }],
      watermark: 10,
    });
    expect(ws.backlog).toBe(1);
    expect(ws.size).toBe(2);
    expect(ids(await ws.search(query(unit(1, 0, 0, 0)), limits))).toEqual(['a', 'c']);
  });

  it('keeps the newer change when an older one of the same point comes later (catch-up)', async () => {
    const ws = withGraph();
    ws.record(20, 1, 'remove');
    ws.record(15, 1, put('a', unit(1, 0, 0, 0)));
    expect(ws.size).toBe(1);
    expect(ids(await ws.search(query(unit(1, 0, 0, 0)), limits))).toEqual(['b']);
  });

  it('saves the graph with the seq up to which it is complete', async () => {
    const ws = withGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    await applyAll(ws);
    ws.record(14, 4, put('d', unit(0, 0, 0, 1)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hnsw-'));
    try {
      const saved = await ws.save(path.join(dir, 'g.usearch'), 20);
      expect(saved.watermark).toBe(13);
      expect([...saved.keys].sort()).toEqual([1, 2, 3]);
      // d is not in the saved graph: a change since the snapshot.
      expect(ws.changedSinceSnapshot).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('HnswWorkspace with a batch under way', () => {
  it('keeps a point changed again meanwhile waiting, and searches see its newer copy', async () => {
    const { ws, graph } = withHeldGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    const batch = ws.applyNext(() => null);
    expect(ws.busy).toBe(true);
    // One batch at a time: another call does not send a second one.
    await expect(ws.applyNext(() => null)).resolves.toBe(true);
    ws.record(12, 3, put('c', unit(0, 0, 0, 1), 'Sensor'));
    expect(ids(await ws.search(query(unit(0, 0, 0, 1), { topK: 1 }), limits))).toEqual(['c']);

    graph.letGo();
    await expect(batch).resolves.toBe(true);
    expect(ws.busy).toBe(false);
    expect(ws.backlog).toBe(1);
    expect(ws.size).toBe(3);
    // The graph holds the older copy now; it is skipped for the waiting one.
    const old = await ws.search(query(unit(0, 0, 1, 0)), limits);
    expect(old?.find((hit) => hit.nodeId === 'c')?.score).toBeCloseTo(0, 5);
    expect(ids(await ws.search(query(unit(0, 0, 0, 1), { entityType: 'Sensor' }), limits))).toEqual(
      ['c'],
    );

    const rest = ws.applyNext(() => null);
    graph.letGo();
    await expect(rest).resolves.toBe(false);
    expect(ws.backlog).toBe(0);
    expect(ids(await ws.search(query(unit(0, 0, 0, 1), { topK: 1 }), limits))).toEqual(['c']);
    expect(await ws.search(query(unit(0, 0, 1, 0), { entityType: 'Pump' }), limits)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ nodeId: 'c' })]),
    );
  });

  it('removes a point whose removal came while its put was under way', async () => {
    const { ws, graph } = withHeldGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    const batch = ws.applyNext(() => null);
    ws.record(12, 3, 'remove');
    expect(ws.size).toBe(2);
    graph.letGo();
    await batch;
    expect(ids(await ws.search(query(unit(0, 0, 1, 0)), limits))).toEqual(['a', 'b']);
    const rest = ws.applyNext(() => null);
    graph.letGo();
    await rest;
    expect(ws.backlog).toBe(0);
    expect(ids(await ws.search(query(unit(0, 0, 1, 0)), limits))).toEqual(['a', 'b']);
    expect(ws.size).toBe(2);
  });

  it('saves only once the batch under way is applied, with that batch in the graph', async () => {
    const { ws, graph } = withHeldGraph();
    ws.record(11, 3, put('c', unit(0, 0, 1, 0)));
    const batch = ws.applyNext(() => null);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hnsw-'));
    try {
      const saving = ws.save(path.join(dir, 'g.usearch'), 20);
      ws.record(13, 4, put('d', unit(0, 0, 0, 1)));
      graph.letGo();
      await batch;
      const saved = await saving;
      expect([...saved.keys].sort()).toEqual([1, 2, 3]);
      expect(saved.watermark).toBe(12);
      expect(fs.existsSync(path.join(dir, 'g.usearch'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('searchWidth', () => {
  it('is expansionSearch up to 20,000 points, then grows with the square root of the size', () => {
    const width = (size: number) => searchWidth(size, DEFAULT_HNSW_PARAMS);
    expect(width(0)).toBe(256);
    expect(width(20_000)).toBe(256);
    expect(width(80_000)).toBe(512);
    expect(width(100_000)).toBe(573);
    expect(width(10_000_000)).toBe(5725);
    expect(width(100_000_000)).toBe(16_384);
  });
});
