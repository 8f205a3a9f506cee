import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ChangeFollower } from '../../../src/adapters/sqlite/ann/change-follower';
import { GraphBuilder } from '../../../src/adapters/sqlite/ann/graph-builder';
import { trimChanges } from '../../../src/adapters/sqlite/vector-changes';
import { SqliteVectorIndex } from '../../../src/adapters/sqlite/vector-index';
import type { VectorQuery } from '../../../src/ports/vector-index';
import { clusteredVectors } from '../../support/clustered-vectors';
import { applied, HnswStore, pointsOf } from '../../support/hnsw-store';
import { unit } from './vector-index.contract';

const DIMS = 8;
const vectors = (count: number, seed: number) =>
  clusteredVectors({ count, dimensions: DIMS, clusters: 5, spread: 0.3, seed });
const axis = (i: number) => unit(...Array.from({ length: DIMS }, (_, d) => (d === i ? 1 : 0)));

describe('HnswVectorIndex: kept in step with other connections', () => {
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

  /** A server-like index whose graph of `ws` holds 40 points and is ready. */
  async function serving(options = {}) {
    const server = store.open(options);
    await server.index.ensure(DIMS);
    await server.index.upsert(pointsOf(ws, vectors(40, 1)));
    expect((await server.index.prepareWorkspace(ws)).mode).toBe('ready');
    return server;
  }

  const near = (vector: Float32Array, topK = 5): VectorQuery => ({
    workspaceId: ws,
    vector,
    topK,
  });

  it('finds a point another connection wrote, and no longer one it removed, at the next search', async () => {
    const { index } = await serving();
    const other = store.other();
    await other.index.upsert([
      { workspaceId: ws, nodeId: 'new', entityType: 'Tank', vector: axis(0) },
    ]);
    await other.index.remove(ws, ['n0']);

    const next = await index.search(near(axis(0), 50));
    expect(next[0]?.nodeId).toBe('new');
    expect(next.map((hit) => hit.nodeId)).not.toContain('n0');
    expect(next).toHaveLength(40);

    // Once applied, the graph itself answers the same.
    await applied(index, ws);
    const graphAnswers = index.searchCounts().graph;
    const fromGraph = await index.search(near(axis(0), 50));
    expect(index.searchCounts().graph).toBe(graphAnswers + 1);
    expect(fromGraph.map((hit) => hit.nodeId)).toEqual(next.map((hit) => hit.nodeId));
  });

  it("counts a ready graph's points from the log, with another connection's writes, without a scan", async () => {
    const { index } = await serving();
    const other = store.other();
    await other.index.upsert(pointsOf(ws, [axis(1), axis(2)], { prefix: 'late' }));
    await other.index.remove(ws, ['n0', 'n1', 'n2']);
    const scan = jest.spyOn(SqliteVectorIndex.prototype, 'count');

    expect(await index.count(ws)).toBe(39);
    expect(scan).not.toHaveBeenCalled();
    // A workspace without a graph is counted in the tables.
    const small = randomUUID();
    await other.index.upsert(pointsOf(small, vectors(3, 2)));
    expect(await index.count(small)).toBe(3);
    expect(scan).toHaveBeenCalledTimes(1);
    // Cleared elsewhere: no graph any more, and the tables say 0.
    await other.index.clearWorkspace(ws);
    expect(await index.count(ws)).toBe(0);
  });

  it('empties the next search when another connection clears the workspace', async () => {
    const { index } = await serving({ minPoints: 1, snapshotMinPoints: 0 });
    expect(store.snapshotFiles().some((name) => name.startsWith(ws))).toBe(true);
    await store.other().index.clearWorkspace(ws);

    expect(await index.search(near(axis(0)))).toEqual([]);
    expect(index.annStatus(ws).mode).toBe('exact');
    expect(store.snapshotFiles().some((name) => name.startsWith(ws))).toBe(false);
  });

  it('sees its own writes made during the build once the graph is ready', async () => {
    const server = store.open();
    await server.index.ensure(DIMS);
    await server.index.upsert(pointsOf(ws, vectors(40, 1)));
    const ready = server.index.prepareWorkspace(ws);
    await server.index.upsert([
      { workspaceId: ws, nodeId: 'late', entityType: 'Tank', vector: axis(3) },
    ]);
    expect((await ready).mode).toBe('ready');
    expect((await server.index.search(near(axis(3), 1)))[0]?.nodeId).toBe('late');
    expect(server.index.annStatus(ws).points).toBe(41);
  });

  it('rebuilds when the log was trimmed past what it had applied', async () => {
    const { index } = await serving();
    const build = jest.spyOn(GraphBuilder.prototype, 'build');
    const other = store.other();
    await other.index.upsert(pointsOf(ws, [axis(1), axis(2)], { prefix: 'late' }));
    // Another process trims everything but the newest row: the first new row is lost.
    other.db.writer.transaction(() => trimChanges(other.db.writer, Number.MAX_SAFE_INTEGER))();

    const during = await index.search(near(axis(1), 1));
    expect(during.map((hit) => hit.nodeId)).toEqual(['late0']);
    expect(index.annStatus(ws).mode).toBe('loading');
    expect((await index.prepareWorkspace(ws)).mode).toBe('ready');
    expect(build).toHaveBeenCalledTimes(1);
    expect((await index.search(near(axis(1), 1))).map((hit) => hit.nodeId)).toEqual(['late0']);
    expect(index.annStatus(ws).points).toBe(42);
  });
  it('trims the log it writes to the newest rows, and keeps its own graph right', async () => {
    const { db, index } = await serving({ logRetention: { keep: 30, trimEvery: 50 } });
    for (let batch = 0; batch < 4; batch += 1) {
      await index.upsert(pointsOf(ws, vectors(50, 10 + batch), { prefix: `b${batch}-` }));
    }
    // The trim runs in the writer's queue: a transaction queued now runs after it.
    await db.transaction(() => Promise.resolve(), { durable: false });
    const log = db.reader
      .prepare('SELECT count(*) AS rows, max(seq) AS newest FROM vector_changes')
      .get() as { rows: number; newest: number };
    expect(log.rows).toBe(30);
    const state = db.reader.prepare('SELECT trimmed_through FROM vector_index_state').pluck().get();
    expect(state).toBe(log.newest - 30);

    await applied(index, ws);
    expect(index.annStatus(ws)).toMatchObject({ mode: 'ready', points: 240 });
    const query = near(vectors(50, 13)[7]!, 1);
    expect((await index.search(query)).map((hit) => hit.nodeId)).toEqual(['b3-7']);
  });
});

describe('HnswVectorIndex: snapshots', () => {
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

  /** Builds the graph of 60 points, changes it, and stops the process (saving it). */
  async function snapshotted(): Promise<void> {
    const first = store.open({ snapshotMinPoints: 0 });
    await first.index.ensure(DIMS);
    await first.index.upsert(pointsOf(ws, vectors(60, 2)));
    expect((await first.index.prepareWorkspace(ws)).mode).toBe('ready');
    await first.index.upsert(pointsOf(ws, [axis(4)], { prefix: 'own' }));
    await applied(first.index, ws);
    await store.stop(first.db);
    expect(store.snapshotFiles().filter((name) => name.endsWith('.usearch'))).toHaveLength(1);
  }

  /** Another process's changes while the service is down: 3 upserts and a removal. */
  async function changedMeanwhile(): Promise<void> {
    const other = store.other();
    await other.index.upsert(pointsOf(ws, [axis(5), axis(6), axis(7)], { prefix: 'meanwhile' }));
    await other.index.remove(ws, ['n1']);
    await store.stop(other.db);
  }

  async function expectCurrentResults(index: {
    search(query: VectorQuery): Promise<{ nodeId: string }[]>;
  }): Promise<void> {
    const top = await index.search({ workspaceId: ws, vector: axis(6), topK: 100 });
    expect(top[0]?.nodeId).toBe('meanwhile1');
    expect(top.map((hit) => hit.nodeId)).toContain('own0');
    expect(top.map((hit) => hit.nodeId)).not.toContain('n1');
    expect(top).toHaveLength(63);
  }

  it('loads the snapshot after a restart and replays only the newer log rows', async () => {
    await snapshotted();
    await changedMeanwhile();
    const build = jest.spyOn(GraphBuilder.prototype, 'build');
    const replay = jest.spyOn(ChangeFollower.prototype, 'recordAll');

    const restarted = store.open({ snapshotMinPoints: 0 });
    expect((await restarted.index.prepareWorkspace(ws)).mode).toBe('ready');
    expect(build).not.toHaveBeenCalled();
    expect(replay).toHaveBeenCalledTimes(1);
    const replayed = replay.mock.calls[0]![1];
    expect(replayed.map((change) => change.op)).toEqual(['upsert', 'upsert', 'upsert', 'remove']);
    await applied(restarted.index, ws);
    const graphAnswers = restarted.index.searchCounts().graph;
    await expectCurrentResults(restarted.index);
    expect(restarted.index.searchCounts().graph).toBe(graphAnswers + 1);
  });

  it('rebuilds a graph that fell far behind from the tables, not from its older snapshot', async () => {
    await snapshotted();
    const server = store.open({ snapshotMinPoints: 0, rebuildBacklog: 10 });
    expect((await server.index.prepareWorkspace(ws)).mode).toBe('ready');
    const build = jest.spyOn(GraphBuilder.prototype, 'build');
    await store.other().index.upsert(pointsOf(ws, vectors(80, 9), { prefix: 'bulk' }));

    await server.index.search({ workspaceId: ws, vector: axis(0), topK: 1 });
    expect(server.index.annStatus(ws).mode).toBe('loading');
    expect((await server.index.prepareWorkspace(ws)).mode).toBe('ready');
    expect(build).toHaveBeenCalledTimes(1);
    expect(server.index.annStatus(ws)).toMatchObject({ points: 141, backlog: 0 });
  });

  const staleness: [string, () => Promise<void>][] = [
    [
      'the vector table was recreated (another generation)',
      () => {
        const meta = path.join(store.snapshotDir, `${ws}.json`);
        const parsed = JSON.parse(fs.readFileSync(meta, 'utf8')) as { generation: string };
        fs.writeFileSync(meta, JSON.stringify({ ...parsed, generation: randomUUID() }));
        return Promise.resolve();
      },
    ],
    [
      'its graph file is damaged',
      () => {
        const graph = store.snapshotFiles().find((name) => name.endsWith('.usearch'))!;
        fs.truncateSync(path.join(store.snapshotDir, graph), 100);
        return Promise.resolve();
      },
    ],
    [
      'the log was trimmed past its watermark',
      async () => {
        const other = store.other();
        await other.index.upsert(pointsOf(ws, [axis(0)], { prefix: 'after-trim' }));
        other.db.writer.transaction(() => trimChanges(other.db.writer, Number.MAX_SAFE_INTEGER))();
        await other.index.remove(ws, ['after-trim0']);
        await store.stop(other.db);
      },
    ],
  ];

  it.each(staleness)('discards the snapshot and rebuilds when %s', async (_, makeStale) => {
    await snapshotted();
    await changedMeanwhile();
    await makeStale();
    const build = jest.spyOn(GraphBuilder.prototype, 'build');

    const restarted = store.open({ snapshotMinPoints: 0 });
    expect((await restarted.index.prepareWorkspace(ws)).mode).toBe('ready');
    expect(build).toHaveBeenCalledTimes(1);
    await expectCurrentResults(restarted.index);
  });

  it('upgrades a database written before the change log existed', async () => {
    const old = store.other();
    await old.index.ensure(DIMS);
    await old.index.upsert(pointsOf(ws, vectors(30, 3)));
    old.db.writer.exec('DROP TABLE vector_changes; DROP TABLE vector_index_state');
    await store.stop(old.db);

    const upgraded = store.open();
    const query = { workspaceId: ws, vector: vectors(1, 3)[0]!, topK: 3 };
    const exact = await upgraded.index.search(query);
    expect(exact).toHaveLength(3);
    expect(await upgraded.index.ensure(DIMS)).toEqual({ recreated: false });
    expect((await upgraded.index.prepareWorkspace(ws)).mode).toBe('ready');
    const fromGraph = await upgraded.index.search(query);
    expect(fromGraph.map((hit) => hit.nodeId)).toEqual(exact.map((hit) => hit.nodeId));
    expect(upgraded.index.searchCounts()).toEqual({ graph: 1, exact: 1 });
  });
});
