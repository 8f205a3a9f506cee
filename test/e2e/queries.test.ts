import type { Response } from 'supertest';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { expectData, expectError } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

/** The change-feed cursor a list page was read at (docs/events.md). */
const FEED_CURSOR = expect.stringMatching(/^\d+$/);

describe('query endpoints', () => {
  let t: TestApp;
  let c: OntologyClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
    // 120 nodes: 3 entity types, names with duplicates to exercise the id tie-breaker.
    for (let i = 0; i < 120; i += 1) {
      const type = ['Pump', 'Valve', 'Tank'][i % 3]!;
      await c.ok('CREATE_NODE', {
        id: `n${String(i).padStart(3, '0')}`,
        entityType: type,
        name: `name-${i % 10}`,
      });
    }
    // A small graph: a -> b -> c -> d, a -> e (OWNS), f isolated.
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
      ids[id] = (
        await c.ok<GraphNode>('CREATE_NODE', { id: `g-${id}`, entityType: 'G', name: id })
      ).id;
    }
    await c.edge('NEXT', 'g-a', 'g-b');
    await c.edge('NEXT', 'g-b', 'g-c');
    await c.edge('NEXT', 'g-c', 'g-d');
    await c.edge('OWNS', 'g-a', 'g-e');
  });
  afterAll(() => t.close());

  describe('GET /api/queries/nodes', () => {
    it('pages with default limit 50 and meta total/limit/offset', async () => {
      const res = await c.get('/api/queries/nodes');
      const data = expectData(res, 200);
      expect(data).toHaveLength(50);
      expect(res.body.meta).toEqual({
        total: 126,
        limit: 50,
        offset: 0,
        nextCursor: expect.any(String),
        eventCursor: FEED_CURSOR,
      });
    });

    it('clamps limit 101 to 100, accepts 0, and rejects -1 and abc', async () => {
      const big = await c.get('/api/queries/nodes', { limit: 101 });
      expect(expectData(big, 200)).toHaveLength(100);
      expect(big.body.meta.limit).toBe(100);
      const zero = await c.get('/api/queries/nodes', { limit: 0 });
      expect(expectData(zero, 200)).toEqual([]);
      expect(zero.body.meta).toEqual({
        total: 126,
        limit: 0,
        offset: 0,
        nextCursor: null,
        eventCursor: FEED_CURSOR,
      });
      expectError(await c.get('/api/queries/nodes', { limit: -1 }), 400, 'VALIDATION_ERROR');
      expectError(await c.get('/api/queries/nodes', { limit: 'abc' }), 400, 'VALIDATION_ERROR');
      expectError(await c.get('/api/queries/nodes', { offset: '1.5' }), 400, 'VALIDATION_ERROR');
    });

    it('returns an empty page with the total for an offset past the end', async () => {
      const res = await c.get('/api/queries/nodes', { offset: 1000 });
      expect(expectData(res, 200)).toEqual([]);
      expect(res.body.meta).toEqual({
        total: 126,
        limit: 50,
        offset: 1000,
        nextCursor: null,
        eventCursor: FEED_CURSOR,
      });
    });

    it('filters by entityType and exact name', async () => {
      const pumps = await c.get('/api/queries/nodes', { entityType: 'Pump', limit: 100 });
      expect(pumps.body.meta.total).toBe(40);
      expect(pumps.body.data.every((n: GraphNode) => n.entityType === 'Pump')).toBe(true);
      const named = await c.get('/api/queries/nodes', { entityType: 'Pump', name: 'name-3' });
      expect(named.body.data.map((n: GraphNode) => n.id)).toEqual(['n003', 'n033', 'n063', 'n093']);
      const none = await c.get('/api/queries/nodes', { name: 'name' });
      expect(none.body.meta.total).toBe(0);
    });

    it('sorts by several fields, descending with -, ties broken by id', async () => {
      const res = await c.get('/api/queries/nodes', {
        entityType: 'Pump',
        sort: '-name,createdAt',
        limit: 100,
      });
      const names = res.body.data.map((n: GraphNode) => n.name);
      expect(names.slice(0, 4)).toEqual(['name-9', 'name-9', 'name-9', 'name-9']);
      const sameName = res.body.data
        .filter((n: GraphNode) => n.name === 'name-9')
        .map((n: GraphNode) => n.id);
      expect(sameName).toEqual([...sameName].sort());
      expect(names).toEqual([...names].sort().reverse());
    });

    it('pages through a sort with ties without duplicates or gaps', async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < 126; offset += 7) {
        const page = await c.get('/api/queries/nodes', { sort: 'name', limit: 7, offset });
        seen.push(...page.body.data.map((n: GraphNode) => n.id));
      }
      expect(seen).toHaveLength(126);
      expect(new Set(seen).size).toBe(126);
    });

    it.each([
      'colour',
      'name;DROP TABLE nodes',
      'name desc',
      '-',
      'name,,createdAt',
      'name,name',
      'properties.x',
      'id',
    ])('rejects sort=%s with 400', async (sort) => {
      const res = await c.get('/api/queries/nodes', { sort });
      expect(expectError(res, 400, 'VALIDATION_ERROR').details).toMatchObject({
        issues: [{ path: 'query.sort' }],
      });
    });

    it('rejects unknown query parameters and bad filters', async () => {
      expectError(
        await c.get('/api/queries/nodes', { entity_type: 'Pump' }),
        400,
        'VALIDATION_ERROR',
      );
      expectError(
        await c.get('/api/queries/nodes', { entityType: 'a b' }),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('GET /api/queries/nodes/:id answers 404 for an unknown id', async () => {
      expectError(await c.get('/api/queries/nodes/unknown'), 404, 'NOT_FOUND');
    });
  });

  describe('GET /api/queries/edges', () => {
    it('lists and filters by type, sourceId, targetId and nodeId', async () => {
      const all = await c.get('/api/queries/edges');
      expect(all.body.meta.total).toBe(4);
      const owns = await c.get('/api/queries/edges', { type: 'OWNS' });
      expect(owns.body.data.map((e: GraphEdge) => [e.sourceId, e.targetId])).toEqual([
        ['g-a', 'g-e'],
      ]);
      expect((await c.get('/api/queries/edges', { sourceId: 'g-a' })).body.meta.total).toBe(2);
      expect((await c.get('/api/queries/edges', { targetId: 'g-c' })).body.meta.total).toBe(1);
      expect((await c.get('/api/queries/edges', { nodeId: 'g-b' })).body.meta.total).toBe(2);
      const combined = await c.get('/api/queries/edges', { nodeId: 'g-a', type: 'NEXT' });
      expect(combined.body.meta.total).toBe(1);
    });

    it('sorts by type descending and rejects fields edges do not have', async () => {
      const res = await c.get('/api/queries/edges', { sort: '-type' });
      expect(res.body.data.map((e: GraphEdge) => e.type)).toEqual(['OWNS', 'NEXT', 'NEXT', 'NEXT']);
      expectError(await c.get('/api/queries/edges', { sort: 'name' }), 400, 'VALIDATION_ERROR');
    });

    it('GET /api/queries/edges/:id returns the edge or 404', async () => {
      const owns = (await c.get('/api/queries/edges', { type: 'OWNS' })).body.data[0];
      expect(expectData(await c.get(`/api/queries/edges/${owns.id}`), 200)).toEqual(owns);
      expectError(await c.get('/api/queries/edges/unknown'), 404, 'NOT_FOUND');
    });
  });

  describe('GET /api/queries/nodes/:id/neighbors', () => {
    const idsOf = (res: Response) => res.body.data.nodes.map((n: GraphNode) => n.id).sort();

    it('returns the 1-hop neighbourhood in both directions by default', async () => {
      const res = await c.get('/api/queries/nodes/g-b/neighbors');
      expectData(res, 200);
      expect(idsOf(res)).toEqual(['g-a', 'g-b', 'g-c']);
      expect(res.body.data.edges).toHaveLength(2);
      expect(res.body.meta).toMatchObject({
        depth: 1,
        direction: 'both',
        maxNodes: 500,
        truncated: false,
      });
    });

    it('follows depth, direction and type', async () => {
      const out3 = await c.get('/api/queries/nodes/g-a/neighbors', { depth: 3, direction: 'out' });
      expect(idsOf(out3)).toEqual(['g-a', 'g-b', 'g-c', 'g-d', 'g-e']);
      const out2next = await c.get('/api/queries/nodes/g-a/neighbors', {
        depth: 2,
        direction: 'out',
        type: 'NEXT',
      });
      expect(idsOf(out2next)).toEqual(['g-a', 'g-b', 'g-c']);
      const incoming = await c.get('/api/queries/nodes/g-c/neighbors', {
        depth: 2,
        direction: 'in',
      });
      expect(idsOf(incoming)).toEqual(['g-a', 'g-b', 'g-c']);
      const isolated = await c.get('/api/queries/nodes/g-f/neighbors');
      expect(idsOf(isolated)).toEqual(['g-f']);
    });

    it('rejects depth 0 and 4, a bad direction, and answers 404 for a missing node', async () => {
      for (const depth of [0, 4, 'x']) {
        const res = await c.get('/api/queries/nodes/g-a/neighbors', { depth });
        expectError(res, 400, 'VALIDATION_ERROR');
      }
      const dir = await c.get('/api/queries/nodes/g-a/neighbors', { direction: 'up' });
      expectError(dir, 400, 'VALIDATION_ERROR');
      expectError(await c.get('/api/queries/nodes/ghost/neighbors'), 404, 'NOT_FOUND');
    });
  });
});
