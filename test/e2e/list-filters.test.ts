import request, { type Response } from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import { expectData, expectError } from '../support/envelope-assertions';
import { GraphQLClient } from '../support/graphql-client';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

/** The change-feed cursor a list page was read at (docs/events.md). */
const FEED_CURSOR = expect.stringMatching(/^\d+$/);

/** Filters and cursor paging of GET /api/queries/nodes and /edges, and their GraphQL mirror. */
describe('list filters and cursors', () => {
  let t: TestApp;
  let c: OntologyClient;
  let gql: GraphQLClient;
  let other: OntologyClient;
  /** GET with the query string exactly as given (supertest's .query would re-encode it). */
  let raw: (pathAndQuery: string) => Promise<Response>;
  let credentials: [apiKey: string, workspaceId: string];

  const names = (res: Response) => (expectData(res, 200) as GraphNode[]).map((n) => n.name);
  const issuePaths = (res: Response) =>
    ((res.body.error?.details?.issues ?? []) as { path: string }[]).map((i) => i.path);

  beforeAll(async () => {
    t = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    c = new OntologyClient(t, ws.apiKey, ws.workspaceId);
    gql = new GraphQLClient(t, ws.apiKey, ws.workspaceId);
    credentials = [ws.apiKey, ws.workspaceId];
    raw = (pathAndQuery) =>
      request(t.app).get(pathAndQuery).set(authHeaders(ws.apiKey, ws.workspaceId));
    const specs: [string, string, Record<string, unknown>][] = [
      ['p1', 'Feed pump', { rpm: 1500, tags: ['north', 'hot'], site: 'a' }],
      ['p2', 'Feeder', { rpm: 800, tags: ['south'], site: 'b' }],
      ['p3', 'Main pump', { rpm: '1500', site: 'c' }],
      ['p4', 'Spare', { rpm: 1200, active: true }],
    ];
    for (const [id, name, properties] of specs) {
      await c.ok('CREATE_NODE', { id, entityType: 'Pump', name, properties });
    }
    await c.ok('CREATE_NODE', {
      id: 'v1',
      entityType: 'Valve',
      name: 'Feed valve',
      properties: { rpm: 5000 },
    });
    await c.edge('FEEDS', 'p1', 'v1', { flow: 2.5 });
    await c.edge('FEEDS', 'p2', 'v1', { flow: 1 });
    await c.edge('MONITORS', 'v1', 'p1');
    const second = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    other = new OntologyClient(t, second.apiKey, second.workspaceId);
    await other.ok('CREATE_NODE', {
      id: 'x1',
      entityType: 'Pump',
      name: 'Other',
      properties: { rpm: 9999 },
    });
  });
  afterAll(() => t.close());

  it('filters with brackets: typed property range, prefix, array membership, in-list', async () => {
    const res = await c.get('/api/queries/nodes', {
      entityType: 'Pump',
      'filter[properties.rpm][gt]': '1000',
      sort: 'name',
    });
    expect(names(res)).toEqual(['Feed pump', 'Spare']);
    expect(res.body.meta).toEqual({
      total: 2,
      limit: 50,
      offset: 0,
      nextCursor: null,
      eventCursor: FEED_CURSOR,
    });
    expect(
      names(
        await c.get('/api/queries/nodes', { 'filter[name][startsWith]': 'Feed', sort: 'name' }),
      ),
    ).toEqual(['Feed pump', 'Feed valve', 'Feeder']);
    expect(
      names(await c.get('/api/queries/nodes', { 'filter[properties.tags][contains]': 'north' })),
    ).toEqual(['Feed pump']);
    expect(
      names(
        await c.get('/api/queries/nodes', { 'filter[properties.site][in]': 'a,b', sort: 'name' }),
      ),
    ).toEqual(['Feed pump', 'Feeder']);
    // A JSON-quoted value is a string: only the node that stores rpm as the text "1500".
    expect(
      names(await c.get('/api/queries/nodes', { 'filter[properties.rpm]': '"1500"' })),
    ).toEqual(['Main pump']);
    expect(
      names(await c.get('/api/queries/nodes', { 'filter[properties.active]': 'true' })),
    ).toEqual(['Spare']);
  });

  it('takes OR groups in where, and timestamps as instants', async () => {
    const where = JSON.stringify({
      or: [
        { field: 'properties.site', op: 'eq', value: 'c' },
        { field: 'properties.rpm', op: 'gte', value: 5000 },
      ],
    });
    expect(names(await c.get('/api/queries/nodes', { where, sort: 'name' }))).toEqual([
      'Feed valve',
      'Main pump',
    ]);
    const all = await c.get('/api/queries/nodes', {
      'filter[updatedAt][gte]': '2000-01-01',
      count: 'false',
    });
    expect(names(all)).toHaveLength(5);
    expect(all.body.meta.total).toBeNull();
    expect(
      names(await c.get('/api/queries/nodes', { 'filter[createdAt][lt]': '2000-01-01T00:00:00Z' })),
    ).toEqual([]);
  });

  it('filters edges by properties, version and either end', async () => {
    const res = await c.get('/api/queries/edges', {
      type: 'FEEDS',
      'filter[properties.flow][gte]': '2',
    });
    expect((expectData(res, 200) as { sourceId: string }[]).map((e) => e.sourceId)).toEqual(['p1']);
    const ends = await c.get('/api/queries/edges', {
      'filter[nodeId][in]': 'p2,p1',
      'filter[version]': '1',
    });
    expect(res.body.meta.total).toBe(1);
    expect(ends.body.meta.total).toBe(3);
  });

  it('answers bad filters with 400 VALIDATION_ERROR naming the parameter', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ 'filter[properties.rpm][near]': '1' }, 'query.filter[properties.rpm][near]'],
      [{ 'filter[version][gt]': 'abc' }, 'query.filter[version][gt]'],
      [{ 'filter[nope]': '1' }, 'query.filter[nope]'],
      [{ 'filter[createdAt][contains]': '2026' }, 'query.filter[createdAt][contains]'],
      // Days that are not on the calendar, which the platform's parser would roll over.
      [{ 'filter[createdAt][lt]': '2026-02-30' }, 'query.filter[createdAt][lt]'],
      [{ 'filter[updatedAt][gte]': '2026-04-31T12:00:00Z' }, 'query.filter[updatedAt][gte]'],
      [{ 'filter[createdAt][gt]': '2025-02-29' }, 'query.filter[createdAt][gt]'],
      [{ 'filter[createdAt][gt]': '2026-13-01' }, 'query.filter[createdAt][gt]'],
      [{ 'filter[properties.rpm][in]': '1,abc' }, 'query.filter[properties.rpm][in]'],
      [{ 'filter[properties.a.b]': '1' }, 'query.filter[properties.a.b]'],
      [{ "filter[properties.x') OR 1=1 --]": '1' }, "query.filter[properties.x') OR 1=1 --]"],
      [{ 'filter[properties.`n`]': '1' }, 'query.filter[properties.`n`]'],
      [{ 'filter[properties.$key]': '1' }, 'query.filter[properties.$key]'],
      [{ 'filter[properties.ключ]': '1' }, 'query.filter[properties.ключ]'],
      [{ 'filter[properties.id]': '1' }, 'query.filter[properties.id]'],
      [{ where: '{"or": [' }, 'query.where'],
      [{ where: '{"field":"name","op":"startsWith","value":5}' }, 'query.where'],
      // A typed prefix on a property must be a string (a number here was a 500).
      [{ where: '{"field":"properties.site","op":"startsWith","value":1}' }, 'query.where'],
      [{ where: '{"field":"properties.site","op":"startsWith","value":true}' }, 'query.where'],
      [
        { where: '{"and":[{"or":[{"and":[{"or":[{"field":"name","op":"eq","value":"x"}]}]}]}]}' },
        'query.where.and.0.or.0.and.0.or',
      ],
      [{ filter: 'x' }, 'query.filter'],
    ];
    for (const [query, path] of bad) {
      const res = await c.get('/api/queries/nodes', query);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect({ query, paths: issuePaths(res) }).toEqual({
        query,
        paths: expect.arrayContaining([path]),
      });
    }
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`filter[properties.k${i}]`, '1']),
    );
    // 29 February of a leap year is a day.
    expectData(await c.get('/api/queries/nodes', { 'filter[createdAt][gt]': '2024-02-29' }), 200);
    expectError(await c.get('/api/queries/nodes', many), 400, 'VALIDATION_ERROR');
    const list = Array.from({ length: 101 }, (_, i) => String(i)).join(',');
    expectError(
      await c.get('/api/queries/nodes', { 'filter[properties.rpm][in]': list }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('treats injection attempts in values as data and stays in its workspace', async () => {
    for (const value of [
      "') OR 1=1 --",
      '}) DETACH DELETE n //',
      '$workspaceId',
      '`Pump`',
      "x' OR '1'='1",
      '💥',
    ]) {
      for (const field of ['name', 'properties.site', 'entityType']) {
        const res = await c.get('/api/queries/nodes', { [`filter[${field}]`]: value });
        expect(expectData(res, 200)).toEqual([]);
      }
    }
    expect(
      (await c.get('/api/queries/nodes', { 'filter[properties.rpm][gte]': '9000' })).body.meta
        .total,
    ).toBe(0);
    expect((await c.get('/api/queries/nodes')).body.meta.total).toBe(5);
    expect((await other.get('/api/queries/nodes')).body.meta.total).toBe(1);
  });

  it('pages by cursor without skipping or repeating records while others are inserted and deleted', async () => {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const k = new OntologyClient(t, ws.apiKey, ws.workspaceId);
    for (let i = 0; i < 12; i += 1) {
      await k.ok('CREATE_NODE', {
        id: `m${String(i).padStart(2, '0')}`,
        entityType: 'T',
        name: `n${i % 3}`,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const query: Record<string, string | number> = {
        limit: 4,
        sort: '-name',
        ...(cursor ? { cursor } : {}),
      };
      const res = await k.get('/api/queries/nodes', query);
      seen.push(...(expectData(res, 200) as GraphNode[]).map((n) => n.id));
      cursor = res.body.meta.nextCursor as string | null;
      // Between pages: delete a record already seen, insert one before the position.
      if (round === 0) {
        await k.ok('DELETE_NODE', { id: seen[0] });
        await k.ok('CREATE_NODE', { id: 'a-new', entityType: 'T', name: 'n9' });
      }
      round += 1;
    } while (cursor !== null && round < 10);
    const original = Array.from({ length: 12 }, (_, i) => ({
      id: `m${String(i).padStart(2, '0')}`,
      name: `n${i % 3}`,
    }));
    // Name descending, and within a name the id descending too (the last key's direction).
    const expected = original
      .sort((x, y) => (x.name === y.name ? (x.id < y.id ? 1 : -1) : x.name < y.name ? 1 : -1))
      .map((n) => n.id);
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor with another filter or sort, an altered one, and cursor with offset', async () => {
    const first = await c.get('/api/queries/nodes', { limit: 2, sort: 'name' });
    const cursor = first.body.meta.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    expect(
      expectData(await c.get('/api/queries/nodes', { limit: 2, sort: 'name', cursor }), 200),
    ).toHaveLength(2);
    expectError(
      await c.get('/api/queries/nodes', { limit: 2, sort: '-name', cursor }),
      400,
      'INVALID_CURSOR',
    );
    expectError(
      await c.get('/api/queries/nodes', { limit: 2, sort: 'name', entityType: 'Pump', cursor }),
      400,
      'INVALID_CURSOR',
    );
    const altered = `${cursor.slice(0, -3)}${cursor.endsWith('A') ? 'B' : 'A'}xx`;
    expectError(
      await c.get('/api/queries/nodes', { sort: 'name', cursor: altered }),
      400,
      'INVALID_CURSOR',
    );
    expectError(
      await c.get('/api/queries/nodes', { sort: 'name', cursor: 'not a cursor!' }),
      400,
      'INVALID_CURSOR',
    );
    expectError(
      await c.get('/api/queries/nodes', { sort: 'name', cursor, offset: 2 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await c.get('/api/queries/nodes', { count: 'maybe' }), 400, 'VALIDATION_ERROR');
  });

  it('GraphQL: typed where with OR and property filters, after/nextCursor, errors as VALIDATION_ERROR', async () => {
    const data = await gql.data(`{
      nodes(where: { entityType: "Pump", OR: [{ property: [{ key: "rpm", gt: 1000 }] }, { nameFilter: { startsWith: "Feeder" } }] }, sort: [{ field: name }], limit: 2) {
        total nextCursor items { name }
      }
    }`);
    expect(data.nodes.total).toBe(3);
    expect(data.nodes.items.map((n: { name: string }) => n.name)).toEqual(['Feed pump', 'Feeder']);
    const next = await gql.data(
      `query ($after: String) { nodes(where: { entityType: "Pump", OR: [{ property: [{ key: "rpm", gt: 1000 }] }, { nameFilter: { startsWith: "Feeder" } }] }, sort: [{ field: name }], limit: 2, after: $after, count: false) { total nextCursor items { name } } }`,
      { after: data.nodes.nextCursor },
    );
    expect(next.nodes).toEqual({ total: null, nextCursor: null, items: [{ name: 'Spare' }] });
    const edges = await gql.data(
      `{ edges(where: { property: [{ key: "flow", gte: 2 }], nodeIdFilter: { eq: "v1" } }) { total } }`,
    );
    expect(edges.edges.total).toBe(1);
    const { error } = await gql.error(
      'VALIDATION_ERROR',
      '{ nodes(where: { version: { gt: 1 }, property: [{ key: "rpm", startsWith: "1" }, { key: "bad key", eq: 1 }] }) { total } }',
    );
    expect(
      (error.extensions.details as { issues: { path: string }[] }).issues.map((i) => i.path),
    ).toEqual(['args.where.property.1.eq']);
    // An entry without an operator would match everything: refused, naming it.
    for (const [where, path] of [
      ['{ property: [{ key: "rpm" }] }', 'args.where.property.0'],
      ['{ createdAt: {} }', 'args.where.createdAt'],
      ['{ OR: [{ version: { eq: 1 } }, { nameFilter: {} }] }', 'args.where.OR.1.nameFilter'],
    ]) {
      const empty = await gql.error('VALIDATION_ERROR', `{ nodes(where: ${where}) { total } }`);
      expect(
        (empty.error.extensions.details as { issues: { path: string }[] }).issues.map(
          (i) => i.path,
        ),
      ).toEqual([path]);
    }
    await gql.error('INVALID_CURSOR', '{ nodes(after: "bm9wZQ") { total } }');
  });

  describe('query strings that once slipped a filter', () => {
    it('refuses a parameter named __proto__ as any unknown one', async () => {
      for (const query of ['__proto__=x', '__proto__=x&__proto__=y']) {
        const res = await raw(`/api/queries/nodes?limit=0&${query}`);
        expectError(res, 400, 'VALIDATION_ERROR');
        expect(issuePaths(res)).toEqual(['query.__proto__']);
      }
    });

    it('reads every parameter, also past the 1,000th', async () => {
      const padding = '&'.repeat(1000);
      const res = await raw(`/api/queries/nodes?limit=0${padding}filter[name]=NoSuchName`);
      expect(expectData(res, 200)).toEqual([]);
      expect(res.body.meta.total).toBe(0);
      const edges = await raw(`/api/queries/edges?limit=0${padding}type=NOSUCH`);
      expect(edges.body.meta.total).toBe(0);
      expectError(
        await raw(`/api/queries/nodes?offset=5${padding}cursor=x`),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('refuses escapes that are not UTF-8 and values spelling an unpaired surrogate', async () => {
      const cut = await raw('/api/queries/nodes?filter[name][startsWith]=%F0%9F%94');
      expectError(cut, 400, 'VALIDATION_ERROR');
      expect(issuePaths(cut)).toEqual(['query']);
      const lone = await raw('/api/queries/nodes?filter[name]=%22%5Cud800%22');
      expectError(lone, 400, 'VALIDATION_ERROR');
      expect(issuePaths(lone)).toEqual(['query.filter[name]']);
      const where = await c.get('/api/queries/nodes', {
        where: JSON.stringify({ field: 'name', op: 'eq', value: '\ud800 x' }),
      });
      expectError(where, 400, 'VALIDATION_ERROR');
      // A whole character, and a % that is not an escape, are text as before.
      expect(names(await raw('/api/queries/nodes?filter[name][startsWith]=Fe%65d%20p'))).toEqual([
        'Feed pump',
      ]);
      expect(expectData(await raw('/api/queries/nodes?filter[name]=100%25%ZZ'), 200)).toEqual([]);
    });

    it('refuses an instant finer than the millisecond the records keep', async () => {
      const res = await c.get('/api/queries/nodes', {
        'filter[createdAt][lt]': '2026-01-01T00:00:00.0001Z',
      });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error.details)).toContain('finer than a millisecond');
      // Zeros past the millisecond say nothing more.
      expectData(
        await c.get('/api/queries/nodes', {
          'filter[createdAt][lt]': '2026-01-01T00:00:00.123000Z',
        }),
        200,
      );
    });

    it('refuses white space around a sort field, as the API describes sort', async () => {
      for (const sort of [' name', 'name\u00a0', '\ufeffname', 'name,\tcreatedAt']) {
        expectError(await c.get('/api/queries/nodes', { sort }), 400, 'VALIDATION_ERROR');
      }
    });

    it('takes a cursor back with its filter spelled in another order, not an altered one', async () => {
      const query = (a: Record<string, string>, b: Record<string, string>) => ({
        ...a,
        ...b,
        limit: 1,
        sort: 'name',
      });
      const rpm = { 'filter[properties.rpm][gte]': '0' };
      const prefix = { 'filter[id][startsWith]': 'p' };
      const first = await c.get('/api/queries/nodes', query(rpm, prefix));
      const cursor = first.body.meta.nextCursor as string;
      const swapped = await c.get('/api/queries/nodes', { ...query(prefix, rpm), cursor });
      expect(names(swapped)).toEqual(['Feeder']);
      // base64url ignores the low bits of a last character: a cursor spelled otherwise is
      // still refused.
      const last = cursor.at(-1)!;
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const code = alphabet.indexOf(last);
      const sibling = alphabet[code ^ 1]!;
      expectError(
        await c.get('/api/queries/nodes', {
          ...query(rpm, prefix),
          cursor: `${cursor.slice(0, -1)}${sibling}`,
        }),
        400,
        'INVALID_CURSOR',
      );
    });

    it('matches prefixes, suffixes and substrings holding NUL, in filters and in Cypher', async () => {
      await c.ok('CREATE_NODE', {
        id: 'nul-1',
        entityType: 'Probe',
        name: 'nul\u0000char',
        properties: { s: 'a\u0000b' },
      });
      for (const query of [
        'filter[name][startsWith]=nul%00',
        'filter[properties.s][startsWith]=a%00',
        'filter[properties.s][startsWith]=%22a%5Cu0000%22',
      ]) {
        expect(names(await raw(`/api/queries/nodes?${query}`))).toEqual(['nul\u0000char']);
      }
      expect(names(await raw('/api/queries/nodes?filter[name][startsWith]=nul%00x'))).toEqual([]);
      const gqlNodes = await gql.data(
        '{ nodes(where: { nameFilter: { startsWith: "nul\\u0000" } }) { total } }',
      );
      expect(gqlNodes.nodes.total).toBe(1);
      const cypher = (query: string, parameters: Record<string, unknown> = {}) =>
        request(t.app)
          .post('/api/queries/cypher')
          .set(authHeaders(...credentials))
          .send({ query, parameters });
      for (const [query, p] of [
        ['MATCH (n) WHERE n.name STARTS WITH $p RETURN n.id', 'nul\u0000'],
        ['MATCH (n) WHERE n.name ENDS WITH $p RETURN n.id', '\u0000char'],
        ['MATCH (n) WHERE n.name CONTAINS $p RETURN n.id', 'l\u0000c'],
        ["MATCH (n), (m {id: 'nul-1'}) WHERE n.name STARTS WITH left(m.name, 4) RETURN n.id", ''],
        ["MATCH (n), (m {id: 'nul-1'}) WHERE n.name ENDS WITH right(m.name, 5) RETURN n.id", ''],
      ] as const) {
        const res = await cypher(query, { p });
        expect(expectData(res, 200)).toMatchObject({ rows: [['nul-1']] });
      }
      const none = await cypher('MATCH (n) WHERE n.name STARTS WITH $p RETURN n.id', {
        p: 'nul\u0000x',
      });
      expect(expectData(none, 200)).toMatchObject({ rows: [] });
    });

    it('GraphQL: exact-match shorthands inside AND and OR are conditions there', async () => {
      const data = await gql.data(`{
        a: nodes(where: { AND: [{ entityType: "Valve", version: { gte: 1 } }] }, limit: 0) { total }
        b: nodes(where: { OR: [{ entityType: "Valve" }, { name: "Spare" }] }, limit: 0) { total }
      }`);
      expect(data).toEqual({ a: { total: 1 }, b: { total: 2 } });
      const edges = await gql.data(`{
        a: edges(where: { OR: [{ type: "MONITORS", version: { gte: 1 } }] }) { total }
        b: edges(where: { OR: [{ sourceId: "p2" }, { targetId: "p1" }] }) { total }
        c: edges(where: { AND: [{ nodeId: "p1" }, { type: "FEEDS" }] }) { total }
      }`);
      expect(edges).toEqual({ a: { total: 1 }, b: { total: 2 }, c: { total: 1 } });
      const { error } = await gql.error(
        'VALIDATION_ERROR',
        '{ nodes(sort: [{ field: name }, { field: name, direction: DESC }]) { total } }',
      );
      expect(
        (error.extensions.details as { issues: { path: string }[] }).issues.map((i) => i.path),
      ).toEqual(['args.sort']);
    });
  });
});
