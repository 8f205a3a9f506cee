import request from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import { INLINE_OFFSET } from '../../src/adapters/sqlite/list-threads';
import { expectData } from '../support/envelope-assertions';
import { GraphQLClient } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

/** The change-feed cursor a list page was read at (docs/events.md). */
const FEED_CURSOR = expect.stringMatching(/^\d+$/);

/**
 * Pages that walk many records (an offset past INLINE_OFFSET, a filter no index serves) are
 * read in a list thread on the embedded store: they must give exactly the page the event
 * loop's own connection would, through REST and GraphQL.
 */
describe('deep offsets and unindexed filters', () => {
  let t: TestApp;
  let c: OntologyClient;
  let gql: GraphQLClient;
  const count = INLINE_OFFSET + 60;
  const name = (i: number) => `n${String(i).padStart(5, '0')}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
    gql = new GraphQLClient(t, ws.apiKey, ws.workspaceId);
    for (let first = 0; first < count; first += 1000) {
      const commands = [];
      for (let i = first; i < Math.min(count, first + 1000); i += 1) {
        commands.push({
          type: 'CREATE_NODE',
          payload: { entityType: 'Part', name: name(i), properties: { i } },
        });
      }
      const res = await request(t.app)
        .post('/api/commands/batch')
        .set(authHeaders(ws.apiKey, ws.workspaceId))
        .send({ commands });
      expect(res.status).toBe(201);
    }
  }, 120_000);
  afterAll(() => t.close());

  const names = (items: GraphNode[]) => items.map((n) => n.name);

  it('answers an offset past 10,000 with the right page and total', async () => {
    const res = await c.get('/api/queries/nodes', {
      sort: 'name',
      offset: INLINE_OFFSET + 40,
      limit: 30,
    });
    expect(names(expectData(res, 200) as GraphNode[])).toEqual(
      Array.from({ length: 20 }, (_, k) => name(INLINE_OFFSET + 40 + k)),
    );
    expect(res.body.meta).toEqual({
      total: count,
      limit: 30,
      offset: INLINE_OFFSET + 40,
      nextCursor: null,
      eventCursor: FEED_CURSOR,
    });
    const deepEdges = await c.get('/api/queries/edges', { offset: 50_000_000 });
    expect(expectData(deepEdges, 200)).toEqual([]);
    expect(deepEdges.body.meta.total).toBe(0);
  });

  it('gives the same page as a cursor reaching that depth', async () => {
    const deep = await c.get('/api/queries/nodes', {
      sort: '-name',
      offset: INLINE_OFFSET + 3,
      limit: 5,
      count: 'false',
    });
    // Every node by name descending.
    const byName = Array.from({ length: count }, (_, k) => name(count - 1 - k));
    expect(names(expectData(deep, 200) as GraphNode[])).toEqual(
      byName.slice(INLINE_OFFSET + 3, INLINE_OFFSET + 8),
    );
    expect(deep.body.meta.total).toBeNull();
    // Read inline, then by cursor: the same five nodes.
    const before = await c.get('/api/queries/nodes', {
      sort: '-name',
      offset: INLINE_OFFSET - 2,
      limit: 5,
      count: 'false',
    });
    const after = await c.get('/api/queries/nodes', {
      sort: '-name',
      cursor: before.body.meta.nextCursor as string,
      limit: 5,
      count: 'false',
    });
    expect(names(expectData(after, 200) as GraphNode[])).toEqual(
      names(expectData(deep, 200) as GraphNode[]),
    );
    // The deep page's own cursor continues where it ended.
    const next = await c.get('/api/queries/nodes', {
      sort: '-name',
      cursor: deep.body.meta.nextCursor as string,
      limit: 2,
      count: 'false',
    });
    expect(names(expectData(next, 200) as GraphNode[])).toEqual(
      byName.slice(INLINE_OFFSET + 8, INLINE_OFFSET + 10),
    );
  });

  it('filters on a property no index serves, with its total', async () => {
    const res = await c.get('/api/queries/nodes', {
      'filter[properties.i][gte]': String(count - 7),
      sort: 'name',
      limit: 5,
    });
    expect(names(expectData(res, 200) as GraphNode[])).toEqual(
      Array.from({ length: 5 }, (_, k) => name(count - 7 + k)),
    );
    expect(res.body.meta.total).toBe(7);
    const none = await c.get('/api/queries/nodes', { 'filter[name][contains]': 'zz' });
    expect(expectData(none, 200)).toEqual([]);
  });

  it('serves the same through GraphQL', async () => {
    const data = await gql.data<{ nodes: { total: number; items: { name: string }[] } }>(
      `{ nodes(offset: ${INLINE_OFFSET + 55}, sort: [{ field: name, direction: ASC }]) { total items { name } } }`,
    );
    expect(data.nodes.total).toBe(count);
    expect(data.nodes.items.map((n) => n.name)).toEqual(
      Array.from({ length: 5 }, (_, k) => name(INLINE_OFFSET + 55 + k)),
    );
  });
});
