import request from 'supertest';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { expectError } from '../support/envelope-assertions';
import { codesOf, GraphQLClient } from '../support/graphql-client';
import { LiveDataClient } from '../support/live-data-client';
import { createUser, obtainTokens, registerClient } from '../support/oauth-fixtures';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

/**
 * The GraphQL mirror's reads: the same answers as the REST routes, and the same
 * authentication, workspace check, scopes and rate limits (docs/graphql.md). HTTP-level
 * behaviour and limits: graphql-http.test.ts; mutations: graphql-mutations.test.ts.
 */
describe('GraphQL /graphql', () => {
  let t: TestApp;
  let g: GraphQLClient;
  let c: OntologyClient;
  let ws: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    g = new GraphQLClient(t, ws.apiKey, ws.workspaceId);
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
  });

  /** a -KNOWS-> b -KNOWS-> c, a -OWNS-> d */
  async function smallGraph() {
    const a = await c.node('Person', 'Ada', { age: 36 });
    const b = await c.node('Person', 'Bob');
    const d = await c.node('Pump', 'Drum');
    const cc = await c.node('Person', 'Cyd');
    const ab = await c.edge('KNOWS', a.id, b.id, { since: 2020 });
    const bc = await c.edge('KNOWS', b.id, cc.id);
    const ad = await c.edge('OWNS', a.id, d.id);
    return { a, b, c: cc, d, ab, bc, ad };
  }

  describe('queries answer as the REST routes do', () => {
    it('node(id) equals GET /api/queries/nodes/{id}', async () => {
      const { a } = await smallGraph();
      const data = await g.data(
        'query ($id: ID!) { node(id: $id) { id entityType name properties version createdAt updatedAt } }',
        { id: a.id },
      );
      const rest = await c.get(`/api/queries/nodes/${a.id}`);
      expect(data.node).toEqual(rest.body.data);
    });

    it('nodes(where, sort, limit, offset) equals GET /api/queries/nodes with total', async () => {
      await smallGraph();
      const data = await g.data(`{
        nodes(where: { entityType: "Person" }, sort: [{ field: name, direction: DESC }], limit: 2, offset: 1) {
          total limit offset items { id name }
        } }`);
      const rest = await c.get('/api/queries/nodes', {
        entityType: 'Person',
        sort: '-name',
        limit: 2,
        offset: 1,
      });
      expect(data.nodes).toEqual({
        total: rest.body.meta.total,
        limit: 2,
        offset: 1,
        items: rest.body.data.map((n: GraphNode) => ({ id: n.id, name: n.name })),
      });
      expect(data.nodes.total).toBe(3);
      expect(data.nodes.items.map((n: GraphNode) => n.name)).toEqual(['Bob', 'Ada']);
    });

    it('clamps limit to 100 and rejects negative paging with VALIDATION_ERROR', async () => {
      const data = await g.data('{ nodes(limit: 500) { limit total } }');
      expect(data.nodes).toEqual({ limit: 100, total: 0 });
      const { error, data: partial } = await g.error(
        'VALIDATION_ERROR',
        '{ nodes(offset: -1) { total } }',
      );
      expect(partial).toEqual({ nodes: null });
      expect(error.extensions.details).toEqual({
        issues: [{ path: 'args.offset', message: 'must be a non-negative integer' }],
      });
    });

    it('rejects a bad entityType filter as REST does', async () => {
      const { error } = await g.error(
        'VALIDATION_ERROR',
        '{ nodes(where: { entityType: "Bad Type" }) { total } }',
      );
      expect(error.extensions.details).toEqual({
        issues: [{ path: 'args.where.entityType', message: 'must be a valid type name' }],
      });
    });

    it('edge(id) and edges(where, sort) equal the REST edge routes', async () => {
      const { a, ab } = await smallGraph();
      const one = await g.data(
        'query ($id: ID!) { edge(id: $id) { id type sourceId targetId properties version createdAt updatedAt } }',
        { id: ab.id },
      );
      expect(one.edge).toEqual((await c.get(`/api/queries/edges/${ab.id}`)).body.data);

      const list = await g.data(
        `query ($a: ID!) { edges(where: { nodeId: $a }, sort: [{ field: type, direction: DESC }]) {
          total items { type sourceId } } }`,
        { a: a.id },
      );
      const rest = await c.get('/api/queries/edges', { nodeId: a.id, sort: '-type' });
      expect(list.edges.total).toBe(2);
      expect(list.edges.items).toEqual(
        rest.body.data.map((e: GraphEdge) => ({ type: e.type, sourceId: e.sourceId })),
      );
    });

    it('traverses: Node.edges by direction and type, Edge.source/target', async () => {
      const { a, b, c: cc } = await smallGraph();
      const data = await g.data(
        `query ($b: ID!) { node(id: $b) {
          out: edges(direction: OUT) { total items { target { name } } }
          in: edges(direction: IN) { total items { source { name } } }
          both: edges { total }
          knows: edges(type: "OWNS") { total }
        } }`,
        { b: b.id },
      );
      expect(data.node).toEqual({
        out: { total: 1, items: [{ target: { name: cc.name } }] },
        in: { total: 1, items: [{ source: { name: a.name } }] },
        both: { total: 2 },
        knows: { total: 0 },
      });
    });

    it('neighbors(depth, type) equals GET /api/queries/nodes/{id}/neighbors', async () => {
      const { a } = await smallGraph();
      const data = await g.data(
        `query ($a: ID!) { node(id: $a) {
          two: neighbors(depth: 2, type: ["KNOWS"]) { truncated nodes { id } edges { id } }
          out: neighbors(direction: OUT) { nodes { name } }
        } }`,
        { a: a.id },
      );
      const rest = await c.get(`/api/queries/nodes/${a.id}/neighbors`, { depth: 2, type: 'KNOWS' });
      const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();
      expect(ids(data.node.two.nodes)).toEqual(ids(rest.body.data.nodes));
      expect(ids(data.node.two.edges)).toEqual(ids(rest.body.data.edges));
      expect(data.node.two.truncated).toBe(false);
      expect(data.node.out.nodes.map((n: GraphNode) => n.name).sort()).toEqual([
        'Ada',
        'Bob',
        'Drum',
      ]);

      const bad = await g.error(
        'VALIDATION_ERROR',
        'query ($a: ID!) { node(id: $a) { neighbors(depth: 4) { truncated } } }',
        { a: a.id },
      );
      expect(bad.error.path).toEqual(['node', 'neighbors']);
    });

    it('node(id) of a missing node is null with NOT_FOUND, as REST answers 404', async () => {
      const { error, data } = await g.error('NOT_FOUND', '{ node(id: "nope") { id } }');
      expect(data).toEqual({ node: null });
      expect(error).toMatchObject({
        message: 'Node nope not found.',
        path: ['node'],
        extensions: { code: 'NOT_FOUND', details: { kind: 'node', id: 'nope' } },
      });
      await g.error('NOT_FOUND', '{ edge(id: "nope") { id } }');
    });
  });

  describe('live data', () => {
    it('lists sources, reads one, its entity, and queries a raw and an aggregated series', async () => {
      const pump = await c.node('Pump', 'P1');
      const live = new LiveDataClient(t, ws.apiKey, ws.workspaceId);
      const source = await live.source('Flow', { unit: 'l/s', entityId: pump.id });
      const base = Date.parse('2026-01-15T12:00:00.000Z');
      await live.put(source.id, [
        { timestamp: base, value: 1 },
        { timestamp: base + 30_000, value: 3 },
        { timestamp: base + 60_000, value: 5, tags: { q: 'good' } },
      ]);
      const data = await g.data(
        `query ($id: ID!, $pump: ID!, $from: String, $to: String) {
          liveDataSources(entityId: $pump) { total items { id name unit pointCount lastPointAt entity { name } } }
          liveDataSource(id: $id) { id name description entityId createdAt }
          node(id: $pump) { liveDataSources { total } }
          raw: series(sourceId: $id, from: $from, to: $to, limit: 2, order: DESC) {
            aggregation interval limit order truncated points { timestamp value tags }
          }
          mean: series(sourceId: $id, from: $from, to: $to, aggregation: MEAN, interval: "1m") {
            aggregation interval from to points { timestamp value }
          }
        }`,
        {
          id: source.id,
          pump: pump.id,
          from: new Date(base).toISOString(),
          to: new Date(base + 120_000).toISOString(),
        },
      );
      expect(data.liveDataSources).toEqual({
        total: 1,
        items: [
          {
            id: source.id,
            name: 'Flow',
            unit: 'l/s',
            pointCount: 3,
            lastPointAt: '2026-01-15T12:01:00.000Z',
            entity: { name: 'P1' },
          },
        ],
      });
      expect(data.liveDataSource).toMatchObject({
        id: source.id,
        description: null,
        entityId: pump.id,
      });
      expect(data.node.liveDataSources.total).toBe(1);
      expect(data.raw).toEqual({
        aggregation: 'RAW',
        interval: null,
        limit: 2,
        order: 'DESC',
        truncated: true,
        points: [
          { timestamp: '2026-01-15T12:01:00.000Z', value: 5, tags: { q: 'good' } },
          { timestamp: '2026-01-15T12:00:30.000Z', value: 3, tags: null },
        ],
      });
      const rest = await live.query({
        sourceId: source.id,
        from: new Date(base).toISOString(),
        to: new Date(base + 120_000).toISOString(),
        aggregation: 'mean',
        interval: '1m',
      });
      expect(data.mean).toEqual({ ...rest.body.data, aggregation: 'MEAN', sourceId: undefined });
    });

    it('reports bad series arguments against args and a missing source as NOT_FOUND', async () => {
      const bad = await g.error(
        'VALIDATION_ERROR',
        '{ series(sourceId: "s", aggregation: MEAN) { sourceId } }',
      );
      expect(bad.error.extensions.details).toEqual({
        issues: [{ path: 'args.interval', message: 'is required for aggregation mean' }],
      });
      await g.error('NOT_FOUND', '{ series(sourceId: "missing") { sourceId } }');
      await g.error('NOT_FOUND', '{ liveDataSource(id: "missing") { id } }');
    });
  });

  describe('authentication, workspace and scopes', () => {
    const query = { query: '{ nodes { total } }' };

    it('answers 401 in the REST envelope without or with a bad credential', async () => {
      const none = await request(t.app).post('/graphql').send(query);
      expectError(none, 401, 'UNAUTHENTICATED');
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      const bad = await request(t.app)
        .post('/graphql')
        .set(authHeaders('wos_not-a-real-key-000000000000000000', ws.workspaceId))
        .send(query);
      expectError(bad, 401, 'UNAUTHENTICATED');
      const get = await request(t.app).get('/graphql').query(query);
      expectError(get, 401, 'UNAUTHENTICATED');
    });

    it('accepts an OAuth access token, with the scopes of the token', async () => {
      const client = await registerClient(t, { workspaceId: ws.workspaceId });
      const user = await createUser(t, [
        { workspaceId: ws.workspaceId, scopes: ['read:nodes', 'write:nodes', 'read:edges'] },
      ]);
      const tokens = await obtainTokens(t, client, user, 'read:nodes write:nodes');
      const viaToken = new GraphQLClient(t, tokens.access_token, ws.workspaceId);
      const created = await viaToken.data(
        'mutation { createNode(input: { entityType: "Pump", name: "By token" }) { node { name } } }',
      );
      expect(created.createNode.node.name).toBe('By token');
      expect((await viaToken.data('{ nodes { total } }')).nodes.total).toBe(1);
      // read:edges is the user's, but not the token's.
      const { error } = await viaToken.error('INSUFFICIENT_SCOPE', '{ edges { total } }');
      expect(error.extensions.details).toEqual({ requiredScope: 'read:edges' });
    });

    it('needs x-workspace-id, and refuses a workspace the key may not use (403)', async () => {
      const missing = await request(t.app).post('/graphql').set(authHeaders(ws.apiKey)).send(query);
      expectError(missing, 400, 'WORKSPACE_REQUIRED');
      const other = await createWorkspaceWithKey(t);
      const foreign = await request(t.app)
        .post('/graphql')
        .set(authHeaders(ws.apiKey, other.workspaceId))
        .send(query);
      expectError(foreign, 403, 'FORBIDDEN');
    });

    it("never shows another workspace's records: NOT_FOUND and empty lists", async () => {
      const other = await createWorkspaceWithKey(t, { plan: 'enterprise' });
      const theirs = await new OntologyClient(t, other.apiKey, other.workspaceId).node(
        'Secret',
        'S',
      );
      const { data } = await g.error(
        'NOT_FOUND',
        'query ($id: ID!) { node(id: $id) { id name } }',
        { id: theirs.id },
      );
      expect(data).toEqual({ node: null });
      expect((await g.data('{ nodes { total } }')).nodes.total).toBe(0);
      const rest = await c.get(`/api/queries/nodes/${theirs.id}`);
      expectError(rest, 404, 'NOT_FOUND');
    });

    it('checks scopes per field: INSUFFICIENT_SCOPE beside the fields that are allowed', async () => {
      await smallGraph();
      const key = await createKey(t, ws.workspaceId, ['read:nodes']);
      const limited = new GraphQLClient(t, key.secret, ws.workspaceId);
      const res = await limited.post(
        '{ nodes(limit: 1) { total items { name edges { total } } } edges { total } }',
      );
      expect(res.status).toBe(200);
      expect(codesOf(res)).toEqual(['INSUFFICIENT_SCOPE', 'INSUFFICIENT_SCOPE']);
      expect(res.body.errors[0].extensions.details).toEqual({ requiredScope: 'read:edges' });
      expect(res.body.data.nodes.total).toBe(4);
      expect(res.body.data.nodes.items[0].edges).toBeNull();
      expect(res.body.data.edges).toBeNull();
      const live = await limited.error('INSUFFICIENT_SCOPE', '{ liveDataSources { total } }');
      expect(live.error.extensions.details).toEqual({ requiredScope: 'read:livedata' });
    });

    it('counts a GraphQL request against the same rate limit, with the same headers', async () => {
      const starter = await createWorkspaceWithKey(t, { plan: 'starter' });
      const sg = new GraphQLClient(t, starter.apiKey, starter.workspaceId);
      const first = await sg.post('{ nodes { total } }');
      expect(first.headers['x-ratelimit-limit']).toBe('60');
      expect(first.headers['x-ratelimit-remaining']).toBe('59');
      const rest = await new OntologyClient(t, starter.apiKey, starter.workspaceId).get(
        '/api/queries/nodes',
      );
      expect(rest.headers['x-ratelimit-remaining']).toBe('58');
      for (let i = 0; i < 58; i += 1) {
        await sg.post('{ nodes { total } }');
      }
      const refused = await sg.post('{ nodes { total } }');
      expectError(refused, 429, 'RATE_LIMITED');
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });
});
