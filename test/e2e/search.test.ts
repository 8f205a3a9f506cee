import request, { type Response } from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import { expectData, expectError } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { testEngine } from '../support/test-engine';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

interface Hit {
  node: GraphNode;
  score: number;
}

interface HybridHit extends Hit {
  vectorScore: number | null;
  graphScore: number;
  hops: number;
  seedId: string;
  path: { nodeIds: string[]; edgeIds: string[] };
}

/** Search calls as one key in one workspace. */
function searcher(t: TestApp, apiKey: string, workspaceId: string) {
  const headers = authHeaders(apiKey, workspaceId);
  return {
    search: (body: unknown): Promise<Response> =>
      request(t.app)
        .post('/api/rag/search')
        .set(headers)
        .send(body as object),
    hybrid: (body: unknown): Promise<Response> =>
      request(t.app)
        .post('/api/rag/hybrid-search')
        .set(headers)
        .send(body as object),
    status: (): Promise<Response> => request(t.app).get('/api/rag/index/status').set(headers),
  };
}

const names = (hits: readonly Hit[]): string[] => hits.map((h) => h.node.name);

describe('search (hash embedder)', () => {
  let t: TestApp;
  let api: OntologyClient;
  let s: ReturnType<typeof searcher>;
  const indexed = () => t.container.deps.search.indexer.whenIdle();

  beforeAll(async () => {
    // Enterprise: the suite sends more than the Starter plan's 60 requests a minute.
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    api = new OntologyClient(t, t.apiKey, t.workspaceId);
    s = searcher(t, t.apiKey, t.workspaceId);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('semantic search', () => {
    let pump: GraphNode;
    let tank: GraphNode;
    let sensor: GraphNode;

    beforeAll(async () => {
      pump = await api.node('Pump', 'Feed pump', {
        description: 'centrifugal pump that moves cooling water',
        ratedKw: 15,
      });
      tank = await api.node('Tank', 'Day tank', { description: 'stores diesel fuel' });
      sensor = await api.node('Sensor', 'Thermometer', { description: 'measures heat' });
      await indexed();
    });

    it('finds created entities by their text, best first, with their current record', async () => {
      const hits = expectData(await s.search({ query: 'cooling water pump' }), 200) as Hit[];
      expect(hits[0]?.node).toEqual(pump);
      for (const hit of hits) {
        expect(hit.score).toBeGreaterThanOrEqual(-1);
        expect(hit.score).toBeLessThanOrEqual(1);
      }
      const scores = hits.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('reports topK and the count in meta, and honours topK', async () => {
      const res = await s.search({ query: 'diesel fuel tank', topK: 1 });
      expect(expectData(res, 200)).toEqual([{ node: tank, score: expect.any(Number) as number }]);
      expect(res.body.meta).toEqual({ topK: 1, count: 1 });
    });

    it('filters by entityType and minScore', async () => {
      const typed = expectData(
        await s.search({ query: 'cooling water pump', entityType: 'Sensor' }),
        200,
      ) as Hit[];
      expect(names(typed)).toEqual(['Thermometer']);
      const strict = expectData(
        await s.search({ query: 'cooling water pump', minScore: 0.99 }),
        200,
      ) as Hit[];
      expect(strict).toEqual([]);
    });

    it('shows an up-to-date index in the status', async () => {
      const status = expectData(await s.status(), 200) as Record<string, unknown>;
      const onNeo4j = testEngine() === 'neo4j';
      expect(status).toEqual({
        state: 'ready',
        // Beside a graph in Neo4j, the vectors are in Neo4j's own vector index.
        backend: onNeo4j ? 'neo4j' : 'sqlite-vec',
        embedder: 'hash',
        dimensions: 64,
        indexed: 3,
        pending: 0,
        lastIndexedAt: expect.any(String) as string,
        lastError: null,
        // Three points: far below the size at which a graph is kept, so searches are exact.
        // Neo4j keeps no graph in this process.
        approximate: onNeo4j ? null : { mode: 'exact', points: null, backlog: 0 },
      });
    });

    it('an update changes the results', async () => {
      const before = expectData(await s.search({ query: 'zeppelin airship hangar' }), 200) as Hit[];
      expect(before[0]?.node.id).not.toBe(sensor.id);
      await api.ok('UPDATE_NODE', {
        id: sensor.id,
        properties: { description: 'monitors the zeppelin airship hangar' },
      });
      await indexed();
      const after = expectData(await s.search({ query: 'zeppelin airship hangar' }), 200) as Hit[];
      expect(after[0]?.node).toMatchObject({ id: sensor.id, version: 2 });
    });

    it('a delete removes the node from the results and the index; undo brings it back', async () => {
      const doomed = await api.node('Valve', 'Gate valve', { description: 'shuts off the mains' });
      await indexed();
      expect(
        names(expectData(await s.search({ query: 'gate valve mains' }), 200) as Hit[])[0],
      ).toBe('Gate valve');
      await api.ok('DELETE_NODE', { id: doomed.id });
      // Not even before the indexer has run: hits are read back from the graph.
      const right = expectData(await s.search({ query: 'gate valve mains' }), 200) as Hit[];
      expect(right.map((h) => h.node.id)).not.toContain(doomed.id);
      // And the next nearest takes the deleted node's place: topK hits while there are more.
      const one = expectData(await s.search({ query: 'gate valve mains', topK: 1 }), 200) as Hit[];
      expect(one).toHaveLength(1);
      expect(one[0]!.node.id).not.toBe(doomed.id);
      const seeded = await s.hybrid({ query: 'gate valve mains', topK: 1, depth: 0 });
      expect((expectData(seeded, 200) as { results: Hit[] }).results).toHaveLength(1);
      expect(seeded.body.meta).toMatchObject({ seedCount: 1 });
      expect(seeded.body.data.results[0].node.id).not.toBe(doomed.id);
      await indexed();
      expect((expectData(await s.status(), 200) as { indexed: number }).indexed).toBe(3);

      await api.ok('UNDO');
      await indexed();
      const back = expectData(await s.search({ query: 'gate valve mains' }), 200) as Hit[];
      expect(back[0]?.node.id).toBe(doomed.id);
      await api.ok('DELETE_NODE', { id: doomed.id });
      await indexed();
    });
  });

  describe('hybrid search', () => {
    let compressor: GraphNode;
    let receiver: GraphNode;
    let edgeId: string;

    beforeAll(async () => {
      compressor = await api.node('Machine', 'Screw compressor', {
        description: 'compresses instrument air',
      });
      receiver = await api.node('Vessel', 'Buffer vessel', { description: 'holds reserve' });
      edgeId = (await api.edge('FEEDS', compressor.id, receiver.id)).id;
      await indexed();
    });

    const query = { query: 'instrument air compressor', minScore: 0.5 };

    it('returns a neighbour that plain search does not, with the path that reached it', async () => {
      const plain = expectData(await s.search({ query: query.query, topK: 1 }), 200) as Hit[];
      expect(names(plain)).toEqual(['Screw compressor']);

      const res = await s.hybrid({ query: query.query, topK: 1, depth: 1 });
      const data = expectData(res, 200) as {
        results: HybridHit[];
        subgraph: { nodes: GraphNode[]; edges: { id: string }[] };
      };
      expect(names(data.results)).toEqual(['Screw compressor', 'Buffer vessel']);
      const [seed, neighbour] = data.results;
      expect(seed).toMatchObject({
        node: compressor,
        hops: 0,
        graphScore: 1,
        seedId: compressor.id,
        path: { nodeIds: [compressor.id], edgeIds: [] },
      });
      expect(neighbour).toMatchObject({
        node: receiver,
        hops: 1,
        graphScore: 0.5,
        seedId: compressor.id,
        path: { nodeIds: [compressor.id, receiver.id], edgeIds: [edgeId] },
      });
      expect(data.subgraph.nodes.map((n) => n.id).sort()).toEqual(
        [compressor.id, receiver.id].sort(),
      );
      expect(data.subgraph.edges.map((e) => e.id)).toEqual([edgeId]);
      expect(res.body.meta).toEqual({
        topK: 1,
        depth: 1,
        relationshipTypes: [],
        fusion: { method: 'rrf', k: 60 },
        count: 2,
        seedCount: 1,
        reachedCount: 2,
        maxNodes: 500,
        truncated: false,
      });
    });

    it('scores with reciprocal rank fusion by default, k configurable', async () => {
      const data = expectData(await s.hybrid({ ...query, fusion: { method: 'rrf', k: 10 } }), 200)
        .results as HybridHit[];
      // The seed is first in both lists; the neighbour second in both.
      expect(data[0]?.score).toBeCloseTo(2 / 11, 10);
      expect(data[1]?.score).toBeCloseTo(2 / 12, 10);
    });

    it('scores with a weighted sum when asked, alpha configurable', async () => {
      const data = expectData(
        await s.hybrid({ ...query, fusion: { method: 'weighted', alpha: 0.3 } }),
        200,
      ).results as HybridHit[];
      for (const hit of data) {
        const similarity = Math.max(0, hit.vectorScore ?? 0);
        expect(hit.score).toBeCloseTo(0.3 * similarity + 0.7 * hit.graphScore, 10);
      }
      const defaults = await s.hybrid({ ...query, fusion: { method: 'weighted' } });
      expect(defaults.body.meta.fusion).toEqual({ method: 'weighted', alpha: 0.5 });
    });

    it('at depth 0 returns the vector hits alone; relationshipTypes limits the traversal', async () => {
      const seeds = expectData(await s.hybrid({ ...query, depth: 0 }), 200).results as HybridHit[];
      expect(names(seeds)).toEqual(['Screw compressor']);
      const other = expectData(
        await s.hybrid({ ...query, depth: 2, relationshipTypes: ['CONTAINS'] }),
        200,
      ).results as HybridHit[];
      expect(names(other)).toEqual(['Screw compressor']);
      const feeds = expectData(
        await s.hybrid({ ...query, depth: 2, relationshipTypes: ['FEEDS'] }),
        200,
      ).results as HybridHit[];
      expect(names(feeds)).toEqual(['Screw compressor', 'Buffer vessel']);
    });

    it('filters results by entityType, keeping the path nodes in the subgraph', async () => {
      const data = expectData(await s.hybrid({ ...query, entityType: 'Vessel' }), 200) as {
        results: HybridHit[];
        subgraph: { nodes: GraphNode[] };
      };
      expect(names(data.results)).toEqual(['Buffer vessel']);
      expect(data.subgraph.nodes.map((n) => n.name).sort()).toEqual([
        'Buffer vessel',
        'Screw compressor',
      ]);
    });
  });

  describe('workspaces and scopes', () => {
    it('never sees another workspace’s nodes', async () => {
      const other = await createWorkspaceWithKey(t);
      const otherApi = new OntologyClient(t, other.apiKey, other.workspaceId);
      const mine = await otherApi.node('Pump', 'Feed pump', { description: 'cooling water' });
      await indexed();
      const theirs = searcher(t, other.apiKey, other.workspaceId);
      const hits = expectData(await theirs.search({ query: 'cooling water pump' }), 200) as Hit[];
      expect(hits.map((h) => h.node.id)).toEqual([mine.id]);
      const hybrid = expectData(await theirs.hybrid({ query: 'cooling water pump', depth: 3 }), 200)
        .results as HybridHit[];
      expect(hybrid.map((h) => h.node.id)).toEqual([mine.id]);
      expect(expectData(await theirs.status(), 200)).toMatchObject({ indexed: 1, pending: 0 });
      // A key of one workspace cannot search another.
      const cross = searcher(t, t.apiKey, other.workspaceId);
      expectError(await cross.search({ query: 'pump' }), 403, 'FORBIDDEN');
    });

    it('needs read:nodes, and read:edges too for hybrid search', async () => {
      const edgesOnly = searcher(
        t,
        (await createKey(t, t.workspaceId, ['read:edges'])).secret,
        t.workspaceId,
      );
      const nodesOnly = searcher(
        t,
        (await createKey(t, t.workspaceId, ['read:nodes'])).secret,
        t.workspaceId,
      );
      const both = searcher(
        t,
        (await createKey(t, t.workspaceId, ['read:nodes', 'read:edges'])).secret,
        t.workspaceId,
      );
      const denied = expectError(
        await edgesOnly.search({ query: 'pump' }),
        403,
        'INSUFFICIENT_SCOPE',
      );
      expect(denied.details).toEqual({ requiredScope: 'read:nodes' });
      expectError(await edgesOnly.status(), 403, 'INSUFFICIENT_SCOPE');
      expectError(await edgesOnly.hybrid({ query: 'pump' }), 403, 'INSUFFICIENT_SCOPE');
      expectData(await nodesOnly.search({ query: 'pump' }), 200);
      expectData(await nodesOnly.status(), 200);
      const noEdges = expectError(
        await nodesOnly.hybrid({ query: 'pump' }),
        403,
        'INSUFFICIENT_SCOPE',
      );
      expect(noEdges.details).toEqual({ requiredScope: 'read:edges' });
      expectData(await both.hybrid({ query: 'pump' }), 200);
      const anonymous = await request(t.app)
        .post('/api/rag/search')
        .set('x-workspace-id', t.workspaceId)
        .send({ query: 'pump' });
      expectError(anonymous, 401, 'UNAUTHENTICATED');
    });
  });

  describe('bad input', () => {
    const cases: [string, unknown, string][] = [
      ['an empty query', { query: '' }, 'body.query'],
      ['a whitespace query', { query: '  \n ' }, 'body.query'],
      ['no query', { topK: 3 }, 'body.query'],
      ['a query that is not a string', { query: 42 }, 'body.query'],
      ['topK 0', { query: 'pump', topK: 0 }, 'body.topK'],
      ['topK 101', { query: 'pump', topK: 101 }, 'body.topK'],
      ['a fractional topK', { query: 'pump', topK: 2.5 }, 'body.topK'],
      ['minScore above 1', { query: 'pump', minScore: 1.5 }, 'body.minScore'],
      ['an invalid entityType', { query: 'pump', entityType: 'no spaces' }, 'body.entityType'],
      ['an unknown field', { query: 'pump', limit: 3 }, 'body.limit'],
    ];
    for (const [what, body, path] of cases) {
      it(`search: 400 for ${what}`, async () => {
        const error = expectError(await s.search(body), 400, 'VALIDATION_ERROR');
        expect(error.details?.issues).toEqual(
          expect.arrayContaining([expect.objectContaining({ path })]),
        );
      });
    }

    const hybridCases: [string, unknown, string][] = [
      ['depth 4', { query: 'pump', depth: 4 }, 'body.depth'],
      ['depth -1', { query: 'pump', depth: -1 }, 'body.depth'],
      ['an empty query', { query: ' ' }, 'body.query'],
      ['topK 101', { query: 'pump', topK: 101 }, 'body.topK'],
      ['an unknown fusion', { query: 'pump', fusion: { method: 'borda' } }, 'body.fusion.method'],
      ['a fusion that is a string', { query: 'pump', fusion: 'rrf' }, 'body.fusion'],
      ['k 0', { query: 'pump', fusion: { method: 'rrf', k: 0 } }, 'body.fusion.k'],
      ['alpha 2', { query: 'pump', fusion: { method: 'weighted', alpha: 2 } }, 'body.fusion.alpha'],
      [
        'alpha with rrf',
        { query: 'pump', fusion: { method: 'rrf', alpha: 0.5 } },
        'body.fusion.alpha',
      ],
      [
        'a bad relationship type',
        { query: 'pump', relationshipTypes: ['A-B'] },
        'body.relationshipTypes.0',
      ],
    ];
    for (const [what, body, path] of hybridCases) {
      it(`hybrid search: 400 for ${what}`, async () => {
        const error = expectError(await s.hybrid(body), 400, 'VALIDATION_ERROR');
        expect(error.details?.issues).toEqual(
          expect.arrayContaining([expect.objectContaining({ path })]),
        );
      });
    }

    it('400 for a body that is not JSON', async () => {
      const res = await request(t.app)
        .post('/api/rag/search')
        .set(authHeaders(t.apiKey, t.workspaceId))
        .set('Content-Type', 'application/json')
        .send('{"query":');
      expectError(res, 400, 'INVALID_JSON');
    });
  });
});
