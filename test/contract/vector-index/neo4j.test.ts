import { randomBytes, randomUUID } from 'node:crypto';
import type { Driver } from 'neo4j-driver';
import { Neo4jVectorIndex } from '../../../src/adapters/neo4j/vector-index';
import type { Neo4jStores } from '../../../src/adapters/neo4j/index';
import type { VectorPoint } from '../../../src/ports/vector-index';
import { neo4jTarget } from '../../support/neo4j';
import { unit, vectorIndexContract } from './vector-index.contract';
import { skipEngine } from '../skips';

const target = neo4jTarget();

/**
 * A store of its own on the run's Neo4j (a random label and index names), so that
 * recreating it for other dimensions leaves the service's `_Vector` index, and every other
 * test's, alone. `drop` removes its nodes, indexes and constraint.
 */
function testStore(stores: Neo4jStores) {
  const tag = randomBytes(6).toString('hex');
  const place = { label: `_VectorTest${tag}`, prefix: `vector_test_${tag}` };
  const { label, prefix } = place;
  const index = new Neo4jVectorIndex(stores.client, place);
  const drop = async () => {
    const driver: Driver = stores.client.driver;
    await driver.executeQuery(`MATCH (v:\`${label}\`) DELETE v`);
    for (const name of [`${prefix}_embedding`, `${prefix}_workspace`]) {
      await driver.executeQuery(`DROP INDEX \`${name}\` IF EXISTS`);
    }
    await driver.executeQuery(`DROP CONSTRAINT \`${prefix}_node\` IF EXISTS`);
  };
  return { index, place, drop };
}

if (!target.available) {
  skipEngine('VectorIndex', 'neo4j', target.reason);
} else {
  vectorIndexContract('neo4j', () => {
    const stores = target.open();
    const { index, drop } = testStore(stores);
    return Promise.resolve({
      index,
      cleanup: async () => {
        await drop();
        await stores.close();
      },
    });
  });

  describe('Neo4jVectorIndex specifics', () => {
    let stores: Neo4jStores;
    let store: ReturnType<typeof testStore>;
    beforeEach(() => {
      stores = target.open();
      store = testStore(stores);
    });
    afterEach(async () => {
      await store.drop();
      await stores.close();
    });

    const point = (
      workspaceId: string,
      nodeId: string,
      vector: Float32Array,
      entityType = 'Pump',
    ) => ({ workspaceId, nodeId, entityType, vector }) satisfies VectorPoint;

    it('says when it created the index, so that the indexer indexes every workspace', async () => {
      expect(await store.index.ensure(4)).toEqual({ recreated: false, created: true });
      expect(await store.index.ensure(4)).toEqual({ recreated: false, created: false });
      // Another process finds the index made.
      const again = new Neo4jVectorIndex(stores.client, store.place);
      expect(await again.ensure(4)).toEqual({ recreated: false, created: false });
      expect(await again.ensure(3)).toEqual({ recreated: true, created: false });
    });

    it('makes a dropped index again from the vectors stored, without asking for them', async () => {
      const ws = randomUUID();
      await store.index.ensure(4);
      await store.index.upsert([
        point(ws, 'a', unit(1, 0, 0, 0)),
        point(ws, 'b', unit(0, 1, 0, 0)),
      ]);
      await stores.client.driver.executeQuery(`DROP INDEX \`${store.index.indexName}\``);
      const fresh = new Neo4jVectorIndex(stores.client, store.place);
      expect(await fresh.ensure(4)).toEqual({ recreated: false, created: false });
      const hits = await fresh.search({ workspaceId: ws, vector: unit(1, 0, 0, 0), topK: 1 });
      expect(hits.map((h) => h.nodeId)).toEqual(['a']);
      // Dropped while the embedder changed: the vectors stored are of no use any more.
      await stores.client.driver.executeQuery(`DROP INDEX \`${store.index.indexName}\``);
      const other = new Neo4jVectorIndex(stores.client, store.place);
      expect(await other.ensure(3)).toEqual({ recreated: true, created: false });
      expect(await other.count(ws)).toBe(0);
    });

    it('refuses a label that is not a system label', () => {
      expect(() => new Neo4jVectorIndex(stores.client, { label: 'Pump' })).toThrow(
        /Not a valid system label/,
      );
      expect(() => new Neo4jVectorIndex(stores.client, { label: '_Vector`) DELETE v //' })).toThrow(
        /Not a valid system label/,
      );
    });

    /**
     * One global index answers the nearest points of every workspace. A workspace with a
     * small share of the points must still get its own topK, whether it is searched
     * through the index (widening) or exactly.
     */
    it('returns topK hits of the workspace whatever its share of the index', async () => {
      await store.index.ensure(8);
      const big = randomUUID();
      const small = randomUUID();
      const middle = randomUUID();
      // 2,000 points of one workspace, all nearer the query than any point of the others.
      const near = (i: number) => unit(1, 0.001 * (i % 50), 0.002 * (i % 7), 0, 0, 0, 0, 0);
      const far = (i: number) => unit(0.2, 1, 0.01 * (i % 13), 0.3, 0, 0, 0, 0);
      await store.index.upsert(
        Array.from({ length: 2000 }, (_, i) => point(big, `b${i}`, near(i))),
      );
      await store.index.upsert([
        ...Array.from({ length: 12 }, (_, i) =>
          point(small, `s${i}`, far(i), i % 2 ? 'Valve' : 'Pump'),
        ),
        ...Array.from({ length: 400 }, (_, i) => point(middle, `m${i}`, far(i))),
      ]);
      const query = unit(1, 0, 0, 0, 0, 0, 0, 0);

      const before = store.index.searchCounts();
      const ofSmall = await store.index.search({ workspaceId: small, vector: query, topK: 10 });
      expect(ofSmall).toHaveLength(10);
      expect(ofSmall.every((h) => h.nodeId.startsWith('s'))).toBe(true);
      const valves = await store.index.search({
        workspaceId: small,
        vector: query,
        topK: 10,
        entityType: 'Valve',
      });
      expect(valves).toHaveLength(6);

      const ofMiddle = await store.index.search({ workspaceId: middle, vector: query, topK: 100 });
      expect(ofMiddle).toHaveLength(100);
      expect(ofMiddle.every((h) => h.nodeId.startsWith('m'))).toBe(true);
      const scores = ofMiddle.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));

      const ofBig = await store.index.search({ workspaceId: big, vector: query, topK: 100 });
      expect(ofBig).toHaveLength(100);
      expect(ofBig.every((h) => h.nodeId.startsWith('b'))).toBe(true);
      // The small and middle workspaces were scanned; the big one took the index.
      const after = store.index.searchCounts();
      expect(after.exact - before.exact).toBe(3);
      expect(after.approximate - before.approximate).toBe(1);
    });

    it('widens its request to the index while too few hits of the workspace came back', async () => {
      await store.index.ensure(4);
      const mine = randomUUID();
      const theirs = randomUUID();
      // Nearest the query 120 of theirs, then 14 of mine, then 590 of mine among 1,180 of
      // theirs: the first request (some 130 candidates) brings too few of mine, the next enough.
      // Mine are too many to be scanned cheaper than the index is asked.
      const near = (i: number) => unit(1, 0.001 * i, 0, 0);
      const middle = (i: number) => unit(1, 0.75, 0.001 * i, 0);
      const far = (i: number) => unit(1, 1.7, 0.001 * (i % 100), 0.001 * i);
      await store.index.upsert([
        ...Array.from({ length: 120 }, (_, i) => point(theirs, `t-near${i}`, near(i))),
        ...Array.from({ length: 14 }, (_, i) => point(mine, `m-mid${i}`, middle(i))),
        ...Array.from({ length: 1180 }, (_, i) => point(theirs, `t${i}`, far(i))),
        ...Array.from({ length: 590 }, (_, i) => point(mine, `m${i}`, far(i))),
      ]);
      const request = { workspaceId: mine, vector: unit(1, 0, 0, 0), topK: 20 };
      // Neo4j may show a vector index's new entries to readers a moment after the commit
      // (seen once under a loaded CI machine): wait, bounded, until the 14 nearest of mine
      // are there, then count the one search the assertions are about.
      for (let i = 0; i < 50; i += 1) {
        const seen = await store.index.search(request);
        if (seen.slice(0, 14).every((h) => h.nodeId.startsWith('m-mid'))) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const before = store.index.searchCounts();
      const hits = await store.index.search(request);
      expect(hits).toHaveLength(20);
      expect(hits.slice(0, 14).map((h) => h.nodeId)).toEqual(
        Array.from({ length: 14 }, (_, i) => `m-mid${i}`),
      );
      expect(hits.slice(14).every((h) => /^m\d+$/.test(h.nodeId))).toBe(true);
      const after = store.index.searchCounts();
      expect(after.approximate - before.approximate).toBe(1);
      expect(after.widened - before.widened).toBe(1);
      expect(after.exact).toBe(before.exact);
    });

    it('stops widening at the first hit of the workspace below minScore', async () => {
      await store.index.ensure(16);
      const ws = randomUUID();
      // Three points above minScore and 597 scattered below it (16 dimensions, so that the
      // index's graph connects them all as it would real embeddings).
      const axis = (...head: number[]) => unit(...head, ...Array<number>(16 - head.length).fill(0));
      const scattered = (i: number) =>
        unit(
          0.05,
          ...Array.from({ length: 15 }, (_, d) => 0.2 + ((i * 7919 + d * 104729) % 997) / 997),
        );
      await store.index.upsert([
        point(ws, 'a', axis(1)),
        point(ws, 'b', axis(1, 0.75)),
        point(ws, 'c', axis(1, 1.33)),
        ...Array.from({ length: 597 }, (_, i) => point(ws, `z${i}`, scattered(i))),
      ]);
      const before = store.index.searchCounts();
      const hits = await store.index.search({
        workspaceId: ws,
        vector: axis(1),
        topK: 10,
        minScore: 0.5,
      });
      expect(hits.map((h) => h.nodeId)).toEqual(['a', 'b', 'c']);
      const after = store.index.searchCounts();
      expect(after.approximate - before.approximate).toBe(1);
      expect(after.widened).toBe(before.widened);
    });
  });
}
