import fs from 'node:fs';
import { Neo4jGraphQLReads } from '../../../src/adapters/neo4j/graphql/read-fields';
import { buildServedSchema } from '../../../src/graphql/server';
import { describedSchema, SCHEMA_FILES, schemaText } from '../../../src/graphql/schema-file';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * docs/api/schema.graphql (and schema.neo4j.graphql) must be exactly what /graphql serves.
 * On a difference: run `npm run graphql:schema`, review the diff, commit it.
 */
describe('committed GraphQL schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const services = () => ({
    queries: t.container.deps.queries,
    cypher: t.container.deps.cypher,
    commands: t.container.deps.commands,
    ontology: t.container.deps.ontology,
    liveData: t.container.deps.liveData.service,
    search: t.container.deps.search.service,
    indexStatus: (workspaceId: string) => t.container.deps.search.indexer.status(workspaceId),
    events: t.container.deps.events.feed,
    clock: t.clock,
  });

  it.each([
    ['embedded', false, SCHEMA_FILES.embedded],
    ['neo4j', true, SCHEMA_FILES.neo4j],
  ] as const)('%s: the served schema equals the committed file', async (_mode, neo4j, file) => {
    const committed = fs.readFileSync(file, 'utf8');
    const reads = neo4j ? new Neo4jGraphQLReads() : undefined;
    const served = schemaText(await buildServedSchema(services(), reads));
    expect(served).toBe(committed);
    // The generator prints the same schema without building the services.
    expect(schemaText(await describedSchema(reads))).toBe(committed);
  });

  it('notices a drift', async () => {
    const committed = fs.readFileSync(SCHEMA_FILES.embedded, 'utf8');
    const drifted = committed.replace('  node(id: ID!): Node\n', '  node(id: ID!): Node!\n');
    expect(drifted).not.toBe(committed);
    expect(schemaText(await buildServedSchema(services(), undefined))).not.toBe(drifted);
  });

  it('answers every Query and Mutation field with a resolver', async () => {
    const schema = await buildServedSchema(services(), new Neo4jGraphQLReads());
    const roots = [schema.getQueryType()!, schema.getMutationType()!];
    const missing = roots.flatMap((type) =>
      Object.values(type.getFields())
        .filter((f) => typeof f.resolve !== 'function')
        .map((f) => `${type.name}.${f.name}`),
    );
    expect(missing).toEqual([]);
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['node', 'nodes', 'edge', 'edges', 'entities', 'entitiesConnection']),
    );
  });
});
