import request from 'supertest';
import { expectData } from '../support/envelope-assertions';
import { GraphQLClient } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey } from '../support/workspace-fixtures';

const NODE = 'id entityType name properties version createdAt updatedAt';

/** search / hybridSearch / searchIndexStatus answer as the /api/rag routes (hash embedder). */
describe('GraphQL search', () => {
  let t: TestApp;
  let g: GraphQLClient;
  const rest = (path: string, body: object) =>
    request(t.app).post(path).set(authHeaders(t.apiKey, t.workspaceId)).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    g = new GraphQLClient(t, t.apiKey, t.workspaceId);
    const api = new OntologyClient(t, t.apiKey, t.workspaceId);
    const pump = await api.node('Pump', 'Feed pump', {
      description: 'centrifugal pump that moves cooling water',
    });
    const tank = await api.node('Tank', 'Day tank', { description: 'stores diesel fuel' });
    const sensor = await api.node('Sensor', 'Thermometer', { description: 'measures heat' });
    await api.edge('FEEDS', pump.id, tank.id);
    await api.edge('MEASURES', sensor.id, tank.id);
    await t.container.deps.search.indexer.whenIdle();
  });
  afterAll(() => t.close());

  it('search(query, topK, entityType) equals POST /api/rag/search', async () => {
    const data = await g.data(
      `{ search(query: "cooling water pump", topK: 2) { score node { ${NODE} } } }`,
    );
    const viaRest = expectData(
      await rest('/api/rag/search', { query: 'cooling water pump', topK: 2 }),
      200,
    );
    expect(data.search).toEqual(viaRest);
    expect(data.search[0].node.name).toBe('Feed pump');
    const typed = await g.data(
      '{ search(query: "pump", entityType: "Tank") { node { entityType } } }',
    );
    expect(
      typed.search.every((h: { node: { entityType: string } }) => h.node.entityType === 'Tank'),
    ).toBe(true);
  });

  it('hybridSearch equals POST /api/rag/hybrid-search, with paths and the subgraph', async () => {
    const body = {
      query: 'cooling water pump',
      topK: 3,
      depth: 1,
      fusion: { method: 'weighted', alpha: 0.7 },
    };
    const data = await g.data(`{
      hybridSearch(query: "cooling water pump", topK: 3, depth: 1, fusion: { method: WEIGHTED, alpha: 0.7 }) {
        results { score vectorScore graphScore hops seedId path { nodeIds edgeIds } node { ${NODE} } }
        subgraph { nodes { ${NODE} } edges { id type sourceId targetId properties version createdAt updatedAt } }
        seedCount reachedCount truncated
      } }`);
    const viaRest = await rest('/api/rag/hybrid-search', body);
    const restData = expectData(viaRest, 200);
    expect(data.hybridSearch.results).toEqual(restData.results);
    expect(data.hybridSearch.subgraph).toEqual(restData.subgraph);
    expect(data.hybridSearch).toMatchObject({
      seedCount: viaRest.body.meta.seedCount,
      reachedCount: viaRest.body.meta.reachedCount,
      truncated: viaRest.body.meta.truncated,
    });
  });

  it('searchIndexStatus equals GET /api/rag/index/status', async () => {
    const data = await g.data(
      '{ searchIndexStatus { state backend embedder dimensions indexed pending lastIndexedAt lastError approximate { mode points backlog } } }',
    );
    const viaRest = await request(t.app)
      .get('/api/rag/index/status')
      .set(authHeaders(t.apiKey, t.workspaceId));
    expect(data.searchIndexStatus).toEqual(expectData(viaRest, 200));
  });

  it('validates arguments as REST does, against args', async () => {
    const topK = await g.error('VALIDATION_ERROR', '{ search(query: "x", topK: 0) { score } }');
    expect(topK.error.extensions.details).toEqual({
      issues: [{ path: 'args.topK', message: `topK must be 1..100` }],
    });
    const empty = await g.error('VALIDATION_ERROR', '{ search(query: "  ") { score } }');
    expect(empty.error.extensions.details?.issues).toEqual([
      { path: 'args.query', message: 'query must not be empty' },
    ]);
    const fusion = await g.error(
      'VALIDATION_ERROR',
      '{ hybridSearch(query: "x", depth: 4, fusion: { method: RRF, alpha: 0.5 }) { truncated } }',
    );
    expect(fusion.error.extensions.details?.issues).toEqual(
      expect.arrayContaining([
        { path: 'args.depth', message: 'depth must be 0..3' },
        { path: 'args.fusion.alpha', message: 'alpha applies to WEIGHTED only' },
      ]),
    );
  });

  it('needs read:nodes, and read:edges too for hybridSearch', async () => {
    const nodesOnly = await createKey(t, t.workspaceId, ['read:nodes']);
    const limited = new GraphQLClient(t, nodesOnly.secret, t.workspaceId);
    await limited.data('{ search(query: "pump") { score } }');
    const hybrid = await limited.error(
      'INSUFFICIENT_SCOPE',
      '{ hybridSearch(query: "pump") { truncated } }',
    );
    expect(hybrid.error.extensions.details).toEqual({ requiredScope: 'read:edges' });
    const edgesOnly = await createKey(t, t.workspaceId, ['read:edges']);
    const other = new GraphQLClient(t, edgesOnly.secret, t.workspaceId);
    const search = await other.error('INSUFFICIENT_SCOPE', '{ search(query: "pump") { score } }');
    expect(search.error.extensions.details).toEqual({ requiredScope: 'read:nodes' });
  });

  it('counts topK in the complexity', async () => {
    const query = `{ search(query: "pump", topK: 100) { node { neighbors(depth: 2) { nodes { id } } } } }`;
    await g.error('QUERY_TOO_COMPLEX', query, undefined, 400);
  });
});
