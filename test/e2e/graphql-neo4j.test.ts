import fs from 'node:fs';
import path from 'node:path';
import type { GraphNode } from '../../src/domain/graph';
import { APOC_FUNCTIONS, missingApocFunctions } from '../../src/adapters/neo4j/graphql/apoc';
import { Neo4jGraphQLReads } from '../../src/adapters/neo4j/graphql/read-fields';
import { GraphQLClient } from '../support/graphql-client';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { itOn, testEngine } from '../support/test-engine';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

/**
 * Neo4j mode's generated read fields (docs/graphql.md, "Neo4j mode") on a real Neo4j: the
 * queries of that section, read from the document and sent as written over HTTP, against
 * entities made with the commands in two workspaces, with their real answers checked:
 * filters, sorting, paging, aggregates, DateTime values, and that another workspace's
 * entities never appear. The fields exist only with NEO4J_URI, so the file runs in the
 * e2e-neo4j project; on the embedded store it checks that they are absent.
 */
const NEO4J_ONLY = `the generated fields exist only with NEO4J_URI and run in the e2e-neo4j project${
  process.env.WOS_NEO4J_UNAVAILABLE
    ? `, which this run lacks (${process.env.WOS_NEO4J_UNAVAILABLE})`
    : ''
}`;
const onNeo4j = itOn(['neo4j'], NEO4J_ONLY);
const onSqlite = itOn(['sqlite'], 'with NEO4J_URI the fields exist (the other cases)');

/** The GraphQL documents of the "Neo4j mode" section of docs/graphql.md, in order. */
function documentedQueries(): string[] {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'graphql.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Neo4j mode\n')) ?? '';
  return [...section.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const HOUR = 3_600_000;
/** When the first entity of the fixture is made; one made before 2026 too. */
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const BEFORE_2026 = Date.parse('2025-12-31T23:00:00.000Z');

describe('GraphQL Neo4j mode (@neo4j/graphql over :Entity)', () => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let g: GraphQLClient;
  let other: GraphQLClient;
  let empty: GraphQLClient;
  /** Workspace A's entities by name, as the commands returned them (updates included). */
  const a: Record<string, GraphNode> = {};
  let otherWorkspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    if (testEngine() !== 'neo4j') {
      return;
    }
    const wsA = await createWorkspaceWithKey(t);
    const wsB = await createWorkspaceWithKey(t);
    const wsC = await createWorkspaceWithKey(t);
    otherWorkspaceId = wsB.workspaceId;
    g = new GraphQLClient(t, wsA.apiKey, wsA.workspaceId);
    other = new GraphQLClient(t, wsB.apiKey, wsB.workspaceId);
    empty = new GraphQLClient(t, wsC.apiKey, wsC.workspaceId);
    const cA = new OntologyClient(t, wsA.apiKey, wsA.workspaceId);
    const cB = new OntologyClient(t, wsB.apiKey, wsB.workspaceId);

    const make = async (at: number, entityType: string, name: string) => {
      clock.set(at);
      a[name] = await cA.node(entityType, name);
      // The other workspace holds a twin of every entity, with a longer name: were it
      // visible, counts, longest names and the latest dates would all show it.
      clock.set(at + 60_000);
      await cB.node(entityType, `${name} of the other workspace`);
    };
    await make(BEFORE_2026, 'Pump', 'Pump P-1001');
    await make(T0, 'Pump', 'Pump P-101');
    await make(T0 + HOUR, 'Pump', 'Pump P-2');
    await make(T0 + 2 * HOUR, 'Valve', 'Valve V-7');
    await make(T0 + 3 * HOUR, 'Sensor', 'Pump pressure sensor');
    clock.set(T0 + 5 * HOUR);
    a['Pump P-2'] = await cA.ok<GraphNode>('UPDATE_NODE', {
      id: a['Pump P-2']!.id,
      properties: { rating: 4 },
    });
  });
  afterAll(() => t.close());

  onSqlite('has no entities or entitiesConnection field without NEO4J_URI', async () => {
    const client = new GraphQLClient(t, t.apiKey, t.workspaceId);
    for (const field of ['entities { id }', 'entitiesConnection { totalCount }']) {
      const { error } = await client.error(
        'GRAPHQL_VALIDATION_FAILED',
        `{ ${field} }`,
        undefined,
        400,
      );
      expect(error.message).toMatch(/^Cannot query field "entities(Connection)?" on type "Query"/);
    }
  });

  onNeo4j('runs on a Neo4j that has the APOC core functions the fields need', async () => {
    const reads = t.container.deps.graphql.generatedReads;
    expect(reads).toBeInstanceOf(Neo4jGraphQLReads);
    const target = (reads as Neo4jGraphQLReads).target;
    expect(target).toBeDefined();
    await expect(missingApocFunctions(target!)).resolves.toEqual([]);
    expect(APOC_FUNCTIONS).toContain('apoc.date.convertFormat');
  });

  onNeo4j('answers the first documented query: filters, sorting, aggregates', async () => {
    const [first] = documentedQueries();
    const data = await g.data(first!);
    // Names starting with "Pump", made in 2026, newest first: not P-1001 (2025), not the
    // valve; the sensor's name starts with "Pump" too.
    expect(data.entities).toEqual(
      ['Pump pressure sensor', 'Pump P-2', 'Pump P-101'].map((name) => ({
        id: a[name]!.id,
        entityType: a[name]!.entityType,
        name,
        version: a[name]!.version,
        createdAt: a[name]!.createdAt,
      })),
    );
    expect(data.entities[1].version).toBe(2);
    expect(data.entities[2].createdAt).toBe('2026-03-02T08:00:00.000Z');

    const connection = data.entitiesConnection;
    expect(connection.totalCount).toBe(4);
    expect(connection.aggregate).toEqual({
      count: { nodes: 4 },
      node: { name: { shortest: 'Pump P-2', longest: 'Pump P-1001' }, version: { max: 2 } },
    });
    const names = ['Pump P-1001', 'Pump P-101', 'Pump P-2', 'Valve V-7'];
    expect(connection.edges.map((e: { node: { name: string } }) => e.node).sort(byName)).toEqual(
      names.map((name) => ({ id: a[name]!.id, name })),
    );
    const cursors = connection.edges.map((e: { cursor: string }) => e.cursor);
    expect(new Set(cursors).size).toBe(4);
  });

  onNeo4j(
    'answers the second documented query page by page, DateTime aggregates included',
    async () => {
      const [, paging] = documentedQueries();
      const aggregate = {
        node: {
          createdAt: { min: '2025-12-31T23:00:00.000Z', max: '2026-03-02T09:00:00.000Z' },
          updatedAt: { max: '2026-03-02T13:00:00.000Z' },
        },
      };
      const edge = (name: string) => ({
        node: {
          id: a[name]!.id,
          name,
          createdAt: a[name]!.createdAt,
          updatedAt: a[name]!.updatedAt,
        },
      });
      const page1 = (await g.data(paging!, { after: null })).entitiesConnection;
      expect(page1.edges).toEqual([edge('Pump P-1001'), edge('Pump P-101')]);
      expect(page1.pageInfo.hasNextPage).toBe(true);
      expect(page1.aggregate).toEqual(aggregate);
      const page2 = (await g.data(paging!, { after: page1.pageInfo.endCursor })).entitiesConnection;
      expect(page2).toEqual({
        pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
        edges: [edge('Pump P-2')],
        aggregate,
      });
      // The update moved updatedAt past createdAt; both read as the REST record has them.
      expect(a['Pump P-2']!.updatedAt).toBe('2026-03-02T13:00:00.000Z');
      expect(a['Pump P-2']!.createdAt).toBe('2026-03-02T09:00:00.000Z');
    },
  );

  onNeo4j(
    'filters with contains, in, ranges with an offset, OR and NOT; pages by offset',
    async () => {
      const data = await g.data(
        `query ($ids: [ID!]) {
        byText: entities(where: { name: { contains: "P-10" } }, sort: [{ name: DESC }]) { name }
        byIds: entities(where: { id: { in: $ids } }, sort: [{ name: ASC }]) { name }
        byRange: entities(
          where: { createdAt: { gt: "2026-03-02T09:00:00+01:00", lte: "2026-03-02T10:00:00Z" } }
          sort: [{ createdAt: ASC }]
        ) { name createdAt }
        either: entities(
          where: { OR: [{ entityType: { eq: "Valve" } }, { version: { gte: 2 } }] }
          sort: [{ name: ASC }]
        ) { name }
        notPumps: entities(where: { NOT: { entityType: { eq: "Pump" } } }, sort: [{ name: ASC }]) {
          name
        }
        page: entities(sort: [{ createdAt: ASC }], limit: 2, offset: 1) { name }
        versions: entitiesConnection { aggregate { node { version { min max sum average } } } }
      }`,
        { ids: [a['Valve V-7']!.id, a['Pump P-101']!.id, 'no-such-id'] },
      );
      expect(data).toEqual({
        byText: [{ name: 'Pump P-101' }, { name: 'Pump P-1001' }],
        byIds: [{ name: 'Pump P-101' }, { name: 'Valve V-7' }],
        // 09:00+01:00 is 08:00Z: P-101 (08:00Z) is not after it, P-2 (09:00Z) and V-7 (10:00Z) are.
        byRange: [
          { name: 'Pump P-2', createdAt: '2026-03-02T09:00:00.000Z' },
          { name: 'Valve V-7', createdAt: '2026-03-02T10:00:00.000Z' },
        ],
        either: [{ name: 'Pump P-2' }, { name: 'Valve V-7' }],
        notPumps: [{ name: 'Pump pressure sensor' }, { name: 'Valve V-7' }],
        page: [{ name: 'Pump P-101' }, { name: 'Pump P-2' }],
        versions: { aggregate: { node: { version: { min: 1, max: 2, sum: 6, average: 1.2 } } } },
      });
    },
  );

  onNeo4j("never shows another workspace's entities, even when asked for them", async () => {
    const asked = await g.data(
      `query ($ws: String!) {
        entities(where: { workspaceId: { eq: $ws } }) { id }
        entitiesConnection(where: { workspaceId: { eq: $ws } }) { totalCount }
      }`,
      { ws: otherWorkspaceId },
    );
    expect(asked).toEqual({ entities: [], entitiesConnection: { totalCount: 0 } });

    // The other workspace sees its own five, and none of A's.
    const theirs = await other.data(
      '{ entities(sort: [{ name: ASC }]) { id name } entitiesConnection { totalCount } }',
    );
    expect(theirs.entitiesConnection.totalCount).toBe(5);
    expect(theirs.entities.map((e: { name: string }) => e.name)).toEqual(
      ['Pump P-1001', 'Pump P-101', 'Pump P-2', 'Pump pressure sensor', 'Valve V-7']
        .map((name) => `${name} of the other workspace`)
        .sort(),
    );
    const ours = new Set(Object.values(a).map((n) => n.id));
    expect(theirs.entities.filter((e: { id: string }) => ours.has(e.id))).toEqual([]);
  });

  onNeo4j('answers an empty workspace with no entities and null aggregates', async () => {
    for (const query of documentedQueries()) {
      const data = await empty.data(query, query.includes('$after') ? { after: null } : {});
      expect(data.entitiesConnection.edges).toEqual([]);
      if ('entities' in data) {
        expect(data.entities).toEqual([]);
      }
    }
    const data = await empty.data(
      `{ entitiesConnection {
           totalCount
           aggregate {
             count { nodes }
             node { name { shortest } version { max } createdAt { min max } updatedAt { max } }
           }
         } }`,
    );
    expect(data.entitiesConnection).toEqual({
      totalCount: 0,
      aggregate: {
        count: { nodes: 0 },
        node: {
          name: { shortest: null },
          version: { max: null },
          createdAt: { min: null, max: null },
          updatedAt: { max: null },
        },
      },
    });
  });

  onNeo4j('needs read:nodes', async () => {
    const key = await createKey(t, g.workspaceId, ['read:edges']);
    const limited = new GraphQLClient(t, key.secret, g.workspaceId);
    const { error, data } = await limited.error(
      'INSUFFICIENT_SCOPE',
      '{ entities { id createdAt } }',
    );
    expect(error.path).toEqual(['entities']);
    expect(data).toBeNull();
  });
});

function byName(x: { name: string }, y: { name: string }): number {
  return x.name < y.name ? -1 : x.name > y.name ? 1 : 0;
}
