import { randomUUID } from 'node:crypto';
import type { VectorIndex, VectorPoint } from '../../../src/ports/vector-index';

/** A unit vector along the given (not necessarily normalised) direction. */
export function unit(...values: number[]): Float32Array {
  const norm = Math.sqrt(values.reduce((sum, v) => sum + v * v, 0));
  return Float32Array.from(values, (v) => v / norm);
}

function point(
  workspaceId: string,
  nodeId: string,
  vector: Float32Array,
  entityType = 'Pump',
): VectorPoint {
  return { workspaceId, nodeId, entityType, vector };
}

/**
 * The VectorIndex contract: every adapter passes it. `factory` gives a fresh, empty index
 * (its own file or collection) per test; workspaces are random, so a shared server is fine.
 */
export function vectorIndexContract(
  name: string,
  factory: () => Promise<{ index: VectorIndex; cleanup: () => Promise<void> }>,
): void {
  describe(`VectorIndex contract: ${name}`, () => {
    let index: VectorIndex;
    let cleanup: (() => Promise<void>) | undefined;
    let ws: string;
    beforeEach(async () => {
      ({ index, cleanup } = await factory());
      ws = randomUUID();
    });
    afterEach(async () => {
      await index.close();
      await cleanup?.();
    });

    /** a: score 1, b: ~0.707, c: 0, d: -1 against the query [1, 0, 0, 0]. */
    async function seedFour(workspaceId = ws): Promise<void> {
      await index.upsert([
        point(workspaceId, 'c', unit(0, 1, 0, 0), 'Valve'),
        point(workspaceId, 'a', unit(1, 0, 0, 0)),
        point(workspaceId, 'd', unit(-1, 0, 0, 0), 'Valve'),
        point(workspaceId, 'b', unit(1, 1, 0, 0)),
      ]);
    }
    const query = unit(1, 0, 0, 0);

    it('answers empty before the index exists', async () => {
      expect(await index.count(ws)).toBe(0);
      expect(await index.search({ workspaceId: ws, vector: query, topK: 5 })).toEqual([]);
      await expect(index.remove(ws, ['a'])).resolves.toBeUndefined();
      await expect(index.clearWorkspace(ws)).resolves.toBeUndefined();
    });

    it('creates the index once: ensure is idempotent for the same dimensions', async () => {
      // `created` (optional) may say that this call made the index.
      expect(await index.ensure(4)).toMatchObject({ recreated: false });
      await seedFour();
      const again = await index.ensure(4);
      expect(again.recreated).toBe(false);
      expect(again.created ?? false).toBe(false);
      expect(await index.count(ws)).toBe(4);
    });

    it('recreates an empty index when the dimensions change', async () => {
      await index.ensure(4);
      await seedFour();
      expect(await index.ensure(3)).toMatchObject({ recreated: true });
      expect(await index.count(ws)).toBe(0);
      await index.upsert([point(ws, 'a', unit(0, 0, 1))]);
      const hits = await index.search({ workspaceId: ws, vector: unit(0, 0, 1), topK: 5 });
      expect(hits.map((h) => h.nodeId)).toEqual(['a']);
      expect(hits[0]?.score).toBeCloseTo(1, 5);
    });

    it('rejects a vector whose length is not the index dimensions', async () => {
      await index.ensure(4);
      await expect(index.upsert([point(ws, 'a', unit(1, 0, 0))])).rejects.toThrow(/dimensions/);
      await expect(index.search({ workspaceId: ws, vector: unit(1, 0), topK: 1 })).rejects.toThrow(
        /dimensions/,
      );
      expect(await index.count(ws)).toBe(0);
    });

    it('returns hits best first with cosine similarity as the score', async () => {
      await index.ensure(4);
      await seedFour();
      const hits = await index.search({ workspaceId: ws, vector: query, topK: 10 });
      expect(hits.map((h) => h.nodeId)).toEqual(['a', 'b', 'c', 'd']);
      expect(hits.map((h) => h.score)).toEqual([
        expect.closeTo(1, 5),
        expect.closeTo(Math.SQRT1_2, 5),
        expect.closeTo(0, 5),
        expect.closeTo(-1, 5),
      ]);
    });

    it('returns at most topK hits, the best ones', async () => {
      await index.ensure(4);
      await seedFour();
      const hits = await index.search({ workspaceId: ws, vector: query, topK: 2 });
      expect(hits.map((h) => h.nodeId)).toEqual(['a', 'b']);
    });

    it('filters by entity type before taking the top k', async () => {
      await index.ensure(4);
      await seedFour();
      const hits = await index.search({
        workspaceId: ws,
        vector: query,
        topK: 1,
        entityType: 'Valve',
      });
      expect(hits.map((h) => h.nodeId)).toEqual(['c']);
      expect(
        await index.search({ workspaceId: ws, vector: query, topK: 5, entityType: 'Nope' }),
      ).toEqual([]);
    });

    it('drops hits below minScore', async () => {
      await index.ensure(4);
      await seedFour();
      const search = (minScore: number) =>
        index.search({ workspaceId: ws, vector: query, topK: 10, minScore });
      expect((await search(0.5)).map((h) => h.nodeId)).toEqual(['a', 'b']);
      expect((await search(-0.5)).map((h) => h.nodeId)).toEqual(['a', 'b', 'c']);
      expect(await search(1.5)).toEqual([]);
    });

    it('replaces a point on upsert of the same node: vector and entity type', async () => {
      await index.ensure(4);
      await seedFour();
      await index.upsert([point(ws, 'a', unit(0, 0, 0, 1), 'Sensor')]);
      expect(await index.count(ws)).toBe(4);
      const hits = await index.search({ workspaceId: ws, vector: unit(0, 0, 0, 1), topK: 1 });
      expect(hits.map((h) => h.nodeId)).toEqual(['a']);
      expect(hits[0]?.score).toBeCloseTo(1, 5);
      const pumps = await index.search({
        workspaceId: ws,
        vector: query,
        topK: 10,
        entityType: 'Pump',
      });
      expect(pumps.map((h) => h.nodeId)).toEqual(['b']);
      const sensors = await index.search({
        workspaceId: ws,
        vector: query,
        topK: 10,
        entityType: 'Sensor',
      });
      expect(sensors.map((h) => h.nodeId)).toEqual(['a']);
    });

    it('keeps the last of several upserts of one node in the same batch', async () => {
      await index.ensure(4);
      await index.upsert([point(ws, 'a', unit(1, 0, 0, 0)), point(ws, 'a', unit(0, 1, 0, 0))]);
      expect(await index.count(ws)).toBe(1);
      const hits = await index.search({ workspaceId: ws, vector: unit(0, 1, 0, 0), topK: 1 });
      expect(hits[0]?.score).toBeCloseTo(1, 5);
    });

    it('removes points by node id and ignores unknown ids', async () => {
      await index.ensure(4);
      await seedFour();
      await index.remove(ws, ['a', 'zzz', 'c']);
      expect(await index.count(ws)).toBe(2);
      const hits = await index.search({ workspaceId: ws, vector: query, topK: 10 });
      expect(hits.map((h) => h.nodeId)).toEqual(['b', 'd']);
      await index.remove(ws, []);
      expect(await index.count(ws)).toBe(2);
    });

    it('keeps workspaces apart, even for the same node id', async () => {
      const other = randomUUID();
      await index.ensure(4);
      await seedFour();
      await index.upsert([point(other, 'a', unit(0, 0, 1, 0), 'Other')]);
      expect(await index.count(ws)).toBe(4);
      expect(await index.count(other)).toBe(1);

      const mine = await index.search({ workspaceId: ws, vector: unit(0, 0, 1, 0), topK: 10 });
      expect(mine.map((h) => h.nodeId).sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(mine.every((h) => h.score < 0.5)).toBe(true);
      const theirs = await index.search({ workspaceId: other, vector: query, topK: 10 });
      expect(theirs.map((h) => h.nodeId)).toEqual(['a']);
      expect(theirs[0]?.score).toBeCloseTo(0, 5);

      await index.remove(other, ['a']);
      expect(await index.count(other)).toBe(0);
      expect(await index.count(ws)).toBe(4);
    });

    it('clears one workspace and leaves the others', async () => {
      const other = randomUUID();
      await index.ensure(4);
      await seedFour();
      await seedFour(other);
      await index.clearWorkspace(ws);
      expect(await index.count(ws)).toBe(0);
      expect(await index.search({ workspaceId: ws, vector: query, topK: 10 })).toEqual([]);
      expect(await index.count(other)).toBe(4);
      await index.upsert([point(ws, 'a', query)]);
      expect(await index.count(ws)).toBe(1);
    });

    it('stores and counts batches larger than one write chunk', async () => {
      await index.ensure(4);
      const points = Array.from({ length: 1234 }, (_, i) =>
        point(ws, `n${i}`, unit(1, i / 1234, (i % 7) + 1, 0)),
      );
      await index.upsert(points);
      expect(await index.count(ws)).toBe(1234);
      await index.remove(
        ws,
        points.slice(0, 600).map((p) => p.nodeId),
      );
      expect(await index.count(ws)).toBe(634);
      const hits = await index.search({ workspaceId: ws, vector: query, topK: 100 });
      expect(hits).toHaveLength(100);
      const scores = hits.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
    });
  });
}
