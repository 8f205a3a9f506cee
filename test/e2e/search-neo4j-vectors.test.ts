import request, { type Response } from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import type { VectorIndex } from '../../src/ports/vector-index';
import { expectData } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { itOn } from '../support/test-engine';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

interface Hit {
  node: GraphNode;
  score: number;
}

interface HybridHit extends Hit {
  vectorScore: number | null;
  hops: number;
  seedId: string;
}

/**
 * A deployment on Neo4j without Qdrant (VECTOR_STORE=neo4j, the default beside NEO4J_URI):
 * semantic and hybrid search over HTTP with the vectors in Neo4j's own vector index. Runs
 * on the e2e-neo4j project, which exists where a Neo4j is available.
 */
const onNeo4j = itOn(['neo4j'], 'the vectors live in Neo4j only when the graph is there');

describe('search with the vectors in Neo4j', () => {
  let t: TestApp | undefined;
  let api: OntologyClient;
  let vectors: VectorIndex | undefined;
  const indexed = () => t!.container.deps.search.indexer.whenIdle();
  const post = (path: string, body: object, c: OntologyClient = api): Promise<Response> =>
    request(t!.app).post(path).set(authHeaders(c.apiKey, c.workspaceId)).send(body);

  let pump: GraphNode;
  let tank: GraphNode;
  let valve: GraphNode;

  beforeAll(async () => {
    if (globalThis.WOS_TEST_ENGINE !== 'neo4j') {
      return;
    }
    t = await createTestApp({
      env: { BOOTSTRAP_PLAN: 'enterprise', VECTOR_STORE: 'neo4j' },
      vectorIndex: (index) => {
        vectors = index;
        return index;
      },
    });
    api = new OntologyClient(t, t.apiKey, t.workspaceId);
    pump = await api.node('Pump', 'Feed pump', { description: 'moves cooling water' });
    tank = await api.node('Tank', 'Day tank', { description: 'stores diesel fuel' });
    valve = await api.node('Valve', 'Gate valve', { description: 'shuts off the mains' });
    await api.node('Sensor', 'Thermometer', { description: 'measures heat' });
    await api.edge('FEEDS', pump.id, tank.id);
    await api.edge('FEEDS', tank.id, valve.id);
    await indexed();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  onNeo4j('reports Neo4j as the backend, with every node indexed', async () => {
    expect(vectors?.backend).toBe('neo4j');
    const status = expectData(
      await request(t!.app)
        .get('/api/rag/index/status')
        .set(authHeaders(t!.apiKey, t!.workspaceId)),
      200,
    );
    expect(status).toMatchObject({
      state: 'ready',
      backend: 'neo4j',
      embedder: 'hash',
      dimensions: 64,
      indexed: 4,
      pending: 0,
      lastError: null,
      approximate: null,
    });
  });

  onNeo4j('finds entities by their text, best first', async () => {
    const hits = expectData(
      await post('/api/rag/search', { query: 'cooling water pump', topK: 4 }),
      200,
    ) as Hit[];
    expect(hits).toHaveLength(4);
    expect(hits[0]?.node).toEqual(pump);
    const scores = hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const typed = expectData(
      await post('/api/rag/search', { query: 'cooling water pump', entityType: 'Valve' }),
      200,
    ) as Hit[];
    expect(typed.map((h) => h.node.id)).toEqual([valve.id]);
  });

  onNeo4j('seeds hybrid search from the vectors and expands through the graph', async () => {
    const res = await post('/api/rag/hybrid-search', {
      query: 'cooling water pump',
      topK: 1,
      depth: 2,
    });
    const data = expectData(res, 200) as { results: HybridHit[] };
    expect(data.results.map((r) => [r.node.id, r.hops])).toEqual([
      [pump.id, 0],
      [tank.id, 1],
      [valve.id, 2],
    ]);
    expect(data.results.every((r) => r.seedId === pump.id)).toBe(true);
    // The similarity of each node reached is the vector index's, as semantic search scores it.
    const [best] = expectData(
      await post('/api/rag/search', { query: 'cooling water pump', topK: 1 }),
      200,
    ) as Hit[];
    expect(data.results[0]?.vectorScore).toBeCloseTo(best?.score ?? NaN, 5);
    expect(data.results.every((r) => typeof r.vectorScore === 'number')).toBe(true);
  });

  onNeo4j('keeps each workspace to its own vectors', async () => {
    const ws = await createWorkspaceWithKey(t!, { plan: 'enterprise' });
    const other = new OntologyClient(t!, ws.apiKey, ws.workspaceId);
    const twin = await other.node('Pump', 'Feed pump', { description: 'moves cooling water' });
    await indexed();
    const mine = expectData(
      await post('/api/rag/search', { query: 'cooling water pump', topK: 10 }),
      200,
    ) as Hit[];
    expect(mine.map((h) => h.node.id)).not.toContain(twin.id);
    expect(mine).toHaveLength(4);
    const theirs = expectData(
      await post('/api/rag/search', { query: 'cooling water pump', topK: 10 }, other),
      200,
    ) as Hit[];
    expect(theirs.map((h) => h.node.id)).toEqual([twin.id]);
  });

  onNeo4j('never shows the vector as a property: records, export, analysts’ Cypher', async () => {
    const node = expectData(await api.get(`/api/queries/nodes/${pump.id}`), 200) as GraphNode;
    expect(node).toEqual(pump);
    const exported = await request(t!.app)
      .get('/api/export')
      .set(authHeaders(t!.apiKey, t!.workspaceId))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () => done(null, text));
      });
    expect(exported.status).toBe(200);
    expect(exported.body as string).not.toMatch(/embedding|_Vector/);
    const cypher = expectData(
      await post('/api/queries/cypher', {
        query: 'MATCH (n) RETURN labels(n) AS labels, keys(properties(n)) AS keys',
      }),
      200,
    ) as { rows: [string[], string[]][] };
    expect(cypher.rows).toHaveLength(4);
    for (const [labels, keys] of cypher.rows) {
      expect(labels).not.toContain('_Vector');
      expect(keys).not.toContain('embedding');
    }
  });

  onNeo4j('removes the vector of a deleted node', async () => {
    const doomed = await api.node('Valve', 'Check valve', { description: 'stops back flow' });
    await indexed();
    expect(await vectors!.count(t!.workspaceId)).toBe(5);
    await api.ok('DELETE_NODE', { id: doomed.id });
    await indexed();
    expect(await vectors!.count(t!.workspaceId)).toBe(4);
  });
});
