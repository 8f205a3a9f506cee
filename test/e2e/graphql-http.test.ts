import request from 'supertest';
import { ServiceUnavailableError } from '../../src/errors';
import { expectError } from '../support/envelope-assertions';
import { codesOf, GraphQLClient } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

/**
 * GraphQL over HTTP at /graphql: GET and POST, request errors and their codes, masked
 * internal errors, the depth/complexity/token limits, and GRAPHQL_ENABLED=false.
 */
describe('GraphQL over HTTP', () => {
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

  describe('unexpected failures', () => {
    afterEach(() => jest.restoreAllMocks());

    it('masks an unknown error as INTERNAL_ERROR with the request id, and passes a 503 on', async () => {
      jest
        .spyOn(t.container.deps.queries, 'listNodes')
        .mockRejectedValueOnce(new Error('disk on fire at /var/lib/secret'));
      const res = await g.post('{ nodes { total } edges { total } }');
      expect(res.status).toBe(200);
      expect(codesOf(res)).toEqual(['INTERNAL_ERROR']);
      expect(res.body.errors[0]).toEqual({
        message: 'An internal error occurred. Quote the requestId when reporting it.',
        locations: [{ line: 1, column: 3 }],
        path: ['nodes'],
        extensions: { code: 'INTERNAL_ERROR', requestId: res.headers['x-request-id'] },
      });
      expect(res.text).not.toContain('disk on fire');
      expect(res.body.data).toEqual({ nodes: null, edges: { total: 0 } });

      jest
        .spyOn(t.container.deps.queries, 'listNodes')
        .mockRejectedValueOnce(
          new ServiceUnavailableError('The graph database is unavailable; retry shortly.'),
        );
      const { error } = await g.error('SERVICE_UNAVAILABLE', '{ nodes { total } }');
      expect(error.message).toBe('The graph database is unavailable; retry shortly.');
    });
  });

  describe('transport', () => {
    it('runs a query over GET and refuses a mutation over GET with 405', async () => {
      await c.node('Pump', 'P1');
      const res = await request(t.app)
        .get('/graphql')
        .query({ query: '{ nodes { total } }' })
        .set(authHeaders(ws.apiKey, ws.workspaceId));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { nodes: { total: 1 } } });
      const mutation = await request(t.app)
        .get('/graphql')
        .query({ query: 'mutation { undo { commandId } }' })
        .set(authHeaders(ws.apiKey, ws.workspaceId));
      expect(mutation.status).toBe(405);
    });

    it('answers a syntax error and an unknown field with 400 and GraphQL codes', async () => {
      const syntax = await g.post('{ nodes { total }');
      expect({ status: syntax.status, codes: codesOf(syntax) }).toEqual({
        status: 400,
        codes: ['GRAPHQL_PARSE_FAILED'],
      });
      const unknown = await g.post('{ nodes { nope } }');
      expect({ status: unknown.status, codes: codesOf(unknown) }).toEqual({
        status: 400,
        codes: ['GRAPHQL_VALIDATION_FAILED'],
      });
      const badVariable = await g.post('query ($id: ID!) { node(id: $id) { id } }', {});
      expect({ status: badVariable.status, codes: codesOf(badVariable) }).toEqual({
        status: 400,
        codes: ['BAD_USER_INPUT'],
      });
    });

    it('refuses batched requests, bodies that are not JSON, and malformed JSON', async () => {
      const batch = await request(t.app)
        .post('/graphql')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .send([{ query: '{ nodes { total } }' }, { query: '{ edges { total } }' }]);
      expect({ status: batch.status, codes: codesOf(batch) }).toEqual({
        status: 400,
        codes: ['BAD_REQUEST'],
      });
      const text = await request(t.app)
        .post('/graphql')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .set('Content-Type', 'text/plain')
        .send('{ nodes { total } }');
      expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const broken = await request(t.app)
        .post('/graphql')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .set('Content-Type', 'application/json')
        .send('{"query": ');
      expectError(broken, 400, 'INVALID_JSON');
    });

    it('answers application/graphql-response+json when the client prefers it', async () => {
      const res = await request(t.app)
        .post('/graphql')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .set('Accept', 'application/graphql-response+json')
        .send({ query: '{ nodes { total } }' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
      expect(JSON.parse(res.text)).toEqual({ data: { nodes: { total: 0 } } });
    });

    it('does not support automatic persisted queries', async () => {
      const res = await request(t.app)
        .post('/graphql')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .send({ extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } });
      expect(codesOf(res)).toEqual(['PERSISTED_QUERY_NOT_SUPPORTED']);
    });

    it('supports introspection', async () => {
      const data = await g.data('{ __schema { queryType { name } mutationType { name } } }');
      expect(data.__schema).toEqual({
        queryType: { name: 'Query' },
        mutationType: { name: 'Mutation' },
      });
    });
  });

  describe('limits', () => {
    it('rejects a query nested deeper than 8 levels with QUERY_TOO_DEEP before running it', async () => {
      const deep = `{ nodes(limit: 1) { items { edges(limit: 1) { items { source {
        edges(limit: 1) { items { target { name } } } } } } } } }`;
      const { error, res } = await g.error('QUERY_TOO_DEEP', deep, undefined, 400);
      expect(error.extensions).toMatchObject({ maxDepth: 8, depth: 9 });
      expect(res.body.data).toBeUndefined();
      // Fragments count too.
      const viaFragment = `{ nodes(limit: 1) { ...N } }
        fragment N on NodeConnection { items { edges(limit: 1) { items { source {
          edges(limit: 1) { items { target { name } } } } } } } }`;
      await g.error('QUERY_TOO_DEEP', viaFragment, undefined, 400);
    });

    it('rejects an expensive query with QUERY_TOO_COMPLEX, counting lists by their limit', async () => {
      const wide = `{ nodes(limit: 100) { items { edges(limit: 100) { items { id type } } } } }`;
      const { error } = await g.error('QUERY_TOO_COMPLEX', wide, undefined, 400);
      expect(error.extensions).toMatchObject({ maxComplexity: 5000 });
      expect(error.extensions.complexity as number).toBeGreaterThan(5000);
      // The same shape with small pages is fine.
      await g.data(`{ nodes(limit: 10) { items { edges(limit: 10) { items { id type } } } } }`);
    });

    it('stops parsing a huge document (more than 5000 tokens) with GRAPHQL_PARSE_FAILED', async () => {
      const aliases = Array.from({ length: 2000 }, (_, i) => `a${i}: __typename`).join(' ');
      const res = await g.post(`{ ${aliases} }`);
      expect({ status: res.status, codes: codesOf(res) }).toEqual({
        status: 400,
        codes: ['GRAPHQL_PARSE_FAILED'],
      });
      expect(res.body.errors[0].message).toMatch(/5000 tokens/);
    });

    it('counts variables in the complexity', async () => {
      const query = `query ($n: Int) { nodes(limit: $n) { items { edges(limit: $n) { items { id } } } } }`;
      await g.error('QUERY_TOO_COMPLEX', query, { n: 100 }, 400);
      await g.data(query, { n: 5 });
    });

    it('lets the explorer introspect: introspection does not count towards the depth', async () => {
      const data = await g.data(`{ __schema { types { name fields { name type { name ofType {
        name ofType { name ofType { name ofType { name ofType { name } } } } } } } } } }`);
      expect(data.__schema.types.length).toBeGreaterThan(10);
    });
  });
});

describe('GraphQL disabled', () => {
  it('answers 404 at /graphql when GRAPHQL_ENABLED=false', async () => {
    const t = await createTestApp({ env: { GRAPHQL_ENABLED: 'false' } });
    try {
      const post = await request(t.app)
        .post('/graphql')
        .set(authHeaders(t.apiKey, t.workspaceId))
        .send({ query: '{ nodes { total } }' });
      expectError(post, 404, 'NOT_FOUND');
      const page = await request(t.app).get('/graphql').set('Accept', 'text/html');
      expectError(page, 404, 'NOT_FOUND');
      const asset = await request(t.app).get('/graphql/assets/graphiql.min.js');
      expectError(asset, 404, 'NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
