import { graphql, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { Record as Neo4jRecord } from 'neo4j-driver';
import { createLogger } from '../../src/logger';
import type { Scope } from '../../src/domain/scopes';
import { describedSchema } from '../../src/graphql/schema-file';
import { lintCypher } from '../support/cypher-lint';

/**
 * Neo4j mode without a database: @neo4j/graphql translates the generated read fields to
 * Cypher and hands it to `context.executionContext`. Here that is a transaction-like
 * recorder (what @neo4j/graphql accepts besides a driver or session): it keeps every
 * statement with its parameters and answers with canned records. The test checks the
 * workspace filter of the authorization rule is in every statement, and lints each one
 * with Neo4j's own parser, as test/unit/cypher-lint.test.ts does for the adapters.
 */

interface Recorded {
  query: string;
  params: Record<string, unknown>;
}

const WORKSPACE = '6f1c2a9e-8d4b-4c3e-9a7f-2b5d8e1f0c34';
const summary = { counters: { updates: () => ({}) } };

class RecordingTransaction {
  readonly statements: Recorded[] = [];
  constructor(private readonly rows: (query: string) => Neo4jRecord[]) {}

  run(query: string, params: Record<string, unknown>) {
    this.statements.push({ query, params });
    if (query.includes('dbms.components()')) {
      return Promise.resolve({
        records: [new Neo4jRecord(['version', 'edition'], ['5.26.0', 'enterprise'])],
        summary,
      });
    }
    return Promise.resolve({ records: this.rows(query), summary });
  }

  /** The statements that read entities (not the one-off version probe). */
  reads(): Recorded[] {
    return this.statements.filter((s) => !s.query.includes('dbms.components()'));
  }
}

function context(tx: RecordingTransaction, scopes: Scope[] = ['read:nodes']) {
  return {
    requestId: 'req_test0000000000000000000',
    workspaceId: WORKSPACE,
    scopes,
    logger: createLogger('silent'),
    jwt: { workspaceId: WORKSPACE, sub: 'key_test' },
    executionContext: tx,
  };
}

/**
 * @neo4j/graphql 7.6.3 writes some subqueries as `CALL { ... }`, which Neo4j 5.23+ still
 * runs but reports as deprecated (the library's output, not the service's to change).
 */
const KNOWN_LIBRARY_WARNING =
  'warning: CALL subquery without a variable scope clause is deprecated. Use CALL () { ... }';

/** Lints a recorded statement with exactly the parameters it was sent with. */
function lintRecorded(statement: Recorded): string[] {
  return lintCypher(statement.query, Object.keys(statement.params)).filter(
    (problem) => problem !== KNOWN_LIBRARY_WARNING,
  );
}

describe('@neo4j/graphql read fields (Neo4j mode)', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await describedSchema(true);
  });

  async function run(
    tx: RecordingTransaction,
    source: string,
    scopes?: Scope[],
  ): Promise<ExecutionResult> {
    return graphql({ schema, source, contextValue: context(tx, scopes) });
  }

  it('filters entities by the workspace claim, whatever the client asks for', async () => {
    const tx = new RecordingTransaction(() => [
      new Neo4jRecord(['this'], [{ id: 'pump-1', name: 'Alpha pump', entityType: 'Pump' }]),
    ]);
    const result = await run(
      tx,
      `{ entities(
           where: { name: { startsWith: "Al" }, workspaceId: { eq: "another-workspace" } }
           sort: [{ createdAt: DESC }]
           limit: 5
         ) { id name entityType } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      entities: [{ id: 'pump-1', name: 'Alpha pump', entityType: 'Pump' }],
    });
    const [read, ...more] = tx.reads();
    expect(more).toEqual([]);
    // The authorization rule: AND-ed with the client's filter, so it can only narrow.
    expect(read!.query).toContain('this.workspaceId = $jwt.workspaceId');
    expect(read!.query).toMatch(/MATCH \(this:Entity\)/);
    expect(read!.params.jwt).toEqual({ workspaceId: WORKSPACE, sub: 'key_test' });
    expect(Object.values(read!.params)).toEqual(
      expect.arrayContaining(['Al', 'another-workspace']),
    );
    expect(read!.query).toContain('ORDER BY this.createdAt DESC');
    expect(lintRecorded(read!)).toEqual([]);
  });

  it('aggregates and pages through entitiesConnection, each subquery filtered', async () => {
    const tx = new RecordingTransaction(() => [
      new Neo4jRecord(
        ['this'],
        [
          {
            edges: [{ node: { id: 'pump-1', __resolveType: 'Entity' } }],
            totalCount: 1,
            aggregate: { count: { nodes: 1 }, node: { name: { shortest: 'Alpha pump' } } },
          },
        ],
      ),
    ]);
    const result = await run(
      tx,
      `{ entitiesConnection(where: { entityType: { in: ["Pump", "Valve"] } }, first: 10) {
           totalCount
           aggregate { count { nodes } node { name { shortest } } }
           edges { node { id } }
         } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      entitiesConnection: {
        totalCount: 1,
        aggregate: { count: { nodes: 1 }, node: { name: { shortest: 'Alpha pump' } } },
        edges: [{ node: { id: 'pump-1' } }],
      },
    });
    const [read] = tx.reads();
    const matches = read!.query.match(/MATCH \(this\d*:Entity\)/g) ?? [];
    const filters = read!.query.match(/this\d*\.workspaceId = \$jwt\.workspaceId/g) ?? [];
    expect(matches.length).toBeGreaterThanOrEqual(2);
    expect(filters.length).toBe(matches.length);
    expect(lintRecorded(read!)).toEqual([]);
  });

  it('sends nothing without read:nodes', async () => {
    const tx = new RecordingTransaction(() => []);
    const result = await run(tx, '{ entities { id } }', ['read:edges']);
    expect(result.errors?.map((e) => e.originalError?.name)).toEqual(['InsufficientScopeError']);
    expect(tx.reads()).toEqual([]);
  });

  it('offers no generated mutations and no way to read another workspace id', () => {
    const mutations = Object.keys(schema.getMutationType()!.getFields());
    expect(mutations.filter((m) => /entit/i.test(m))).toEqual([]);
    const entity = schema.getType('Entity') as { getFields(): Record<string, unknown> };
    expect(Object.keys(entity.getFields())).not.toContain('workspaceId');
  });

  it('lints the version probe too, and would catch a broken translation', () => {
    const probe =
      'CYPHER 5\nCALL dbms.components() YIELD versions, edition UNWIND versions AS version RETURN version, edition';
    expect(lintCypher(probe, [])).toEqual([]);
    expect(
      lintCypher(
        'CYPHER 5\nMATCH (this:Entity) WHERE this.workspaceId = $jwt.workspaceId RETRN this',
        ['jwt'],
      ).length,
    ).toBeGreaterThan(0);
    // The reason DateTime aggregation is off: @neo4j/graphql would call APOC for it.
    expect(
      lintCypher("RETURN apoc.date.convertFormat('x', 'a', 'b') AS v", []).length,
    ).toBeGreaterThan(0);
  });
});
