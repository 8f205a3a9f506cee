import { graphql, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { Neo4jError, Record as Neo4jRecord, type Driver } from 'neo4j-driver';
import pino from 'pino';
import { createLogger } from '../../../../src/logger';
import type { Scope } from '../../../../src/domain/scopes';
import { ServiceUnavailableError } from '../../../../src/errors';
import {
  APOC_FUNCTIONS,
  missingApocFunctions,
  warnIfApocMissing,
} from '../../../../src/adapters/neo4j/graphql/apoc';
import { Neo4jGraphQLReads } from '../../../../src/adapters/neo4j/graphql/read-fields';
import { describedSchema } from '../../../../src/graphql/schema-file';
import { lintCypher } from '../../../support/cypher-lint';

/**
 * Neo4j mode without a database: @neo4j/graphql translates the generated read fields to
 * Cypher and hands it to `context.executionContext`. Here that is a transaction-like
 * recorder (what @neo4j/graphql accepts besides a driver or session): it keeps every
 * statement with its parameters and answers with canned records. The test checks the
 * workspace filter of the authorization rule is in every statement, and lints each one
 * with Neo4j's own parser, as cypher-lint.test.ts (next to this file) does for the adapters.
 * The statements run on a real Neo4j in test/e2e/graphql-neo4j.test.ts.
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
    // A throwing `rows` is a failed statement, as the driver reports one.
    return Promise.resolve().then(() => ({ records: this.rows(query), summary }));
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

/**
 * The linter knows Neo4j's built-in functions only; the APOC core functions that Neo4j mode
 * requires (APOC_FUNCTIONS) are the one exception it is told about.
 */
const REQUIRED_APOC = new Set<string>(APOC_FUNCTIONS);
const unknownFunction = (problem: string) =>
  /^error: Function (apoc\.[\w.]+) is not present in the database/.exec(problem)?.[1];

/** Lints a recorded statement with exactly the parameters it was sent with. */
function lintRecorded(statement: Recorded): string[] {
  return lintCypher(statement.query, Object.keys(statement.params)).filter(
    (problem) =>
      problem !== KNOWN_LIBRARY_WARNING && !REQUIRED_APOC.has(unknownFunction(problem) ?? ''),
  );
}

/** The APOC functions and procedures a statement calls. */
const apocNames = (query: string) => [...query.matchAll(/\bapoc\.[\w.]+/g)].map((m) => m[0]);

/** What Neo4j without APOC core answers to a statement calling `name` (Neo4j 5.26). */
function unknownFunctionError(name: string): Neo4jError {
  return new Neo4jError(
    `Unknown function '${name}' (line 5, column 31 (offset: 173))`,
    'Neo.ClientError.Statement.SyntaxError',
    '50N42',
    'error: general processing exception - unexpected error.',
  );
}

describe('@neo4j/graphql read fields (Neo4j mode)', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await describedSchema(new Neo4jGraphQLReads());
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
    // The ontology's own mutations on entity types are the service's, not generated ones.
    const own = new Set(['putEntityType', 'deleteEntityType']);
    expect(mutations.filter((m) => /entit/i.test(m) && !own.has(m))).toEqual([]);
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
    // Only the APOC functions Neo4j mode requires are let through.
    const apoc = (name: string) => ({ query: `RETURN ${name}('x', 'a', 'b') AS v`, params: {} });
    expect(lintRecorded(apoc('apoc.date.convertFormat'))).toEqual([]);
    expect(lintRecorded(apoc('apoc.date.format')).length).toBeGreaterThan(0);
  });

  it('reads DateTime values through the APOC functions of APOC_FUNCTIONS and no others', async () => {
    const at = new Date(Date.UTC(2026, 2, 1, 9, 30)).toISOString();
    const tx = new RecordingTransaction((query) =>
      query.includes('aggregate')
        ? [
            new Neo4jRecord(
              ['this'],
              [
                {
                  edges: [{ node: { id: 'pump-1', createdAt: at, __resolveType: 'Entity' } }],
                  totalCount: 1,
                  aggregate: { node: { createdAt: { min: at, max: at }, updatedAt: { max: at } } },
                },
              ],
            ),
          ]
        : [new Neo4jRecord(['this'], [{ id: 'pump-1', createdAt: at, updatedAt: at }])],
    );
    const read = await run(
      tx,
      `{ entities(where: { createdAt: { gte: "2026-01-01T00:00:00Z" } }, sort: [{ updatedAt: ASC }]) {
           id createdAt updatedAt } }`,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ entities: [{ id: 'pump-1', createdAt: at, updatedAt: at }] });
    const aggregate = await run(
      tx,
      `{ entitiesConnection {
           totalCount
           aggregate { node { createdAt { min max } updatedAt { max } } }
           edges { node { id createdAt } }
         } }`,
    );
    expect(aggregate.errors).toBeUndefined();
    const statements = tx.reads();
    expect(statements).toHaveLength(2);
    const called = new Set(statements.flatMap((s) => apocNames(s.query)));
    expect([...called]).toEqual([...APOC_FUNCTIONS]);
    for (const statement of statements) {
      // Filtering and sorting compare the stored DateTime values themselves.
      expect(statement.query).not.toMatch(/WHERE[^\n]*apoc|ORDER BY[^\n]*apoc/);
      expect(lintRecorded(statement)).toEqual([]);
    }
  });

  it('answers SERVICE_UNAVAILABLE naming the function when Neo4j lacks APOC core', async () => {
    const tx = new RecordingTransaction((query) => {
      const [name] = apocNames(query);
      if (name) {
        throw unknownFunctionError(name);
      }
      return [new Neo4jRecord(['this'], [{ id: 'pump-1', name: 'Alpha pump' }])];
    });
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const failed = await graphql({
      schema,
      source: '{ entities { id createdAt } }',
      contextValue: { ...context(tx), logger },
    });
    const error = failed.errors?.[0]?.originalError;
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error?.message).toMatch(/APOC core plugin \(apoc\.date\.convertFormat is missing\)/);
    expect((error as ServiceUnavailableError).details).toEqual({
      reason: 'Neo4j has no APOC core plugin',
      missing: ['apoc.date.convertFormat'],
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, missing: 'apoc.date.convertFormat' }),
    ]);
    // Reads that select no DateTime value need no plugin.
    const ok = await run(tx, '{ entities(sort: [{ createdAt: DESC }]) { id name } }');
    expect(ok.errors).toBeUndefined();
  });
});

describe('the start-up check for APOC core (Neo4j mode)', () => {
  /** A driver whose one session answers SHOW FUNCTIONS with `present`, or fails. */
  function driverWith(present: string[] | Error) {
    const statements: Recorded[] = [];
    const sessions: Record<string, unknown>[] = [];
    const driver = {
      session(config: Record<string, unknown>) {
        sessions.push(config);
        return {
          run(query: string, params: Record<string, unknown>) {
            statements.push({ query, params });
            return present instanceof Error
              ? Promise.reject(present)
              : Promise.resolve({ records: [new Neo4jRecord(['present'], [present])] });
          },
          close: () => Promise.resolve(),
        };
      },
    } as unknown as Driver;
    return { driver, statements, sessions };
  }

  it('asks Neo4j for the functions by name, in the configured database', async () => {
    const { driver, statements, sessions } = driverWith([...APOC_FUNCTIONS]);
    await expect(missingApocFunctions({ driver, database: 'graph' })).resolves.toEqual([]);
    expect(sessions).toEqual([{ defaultAccessMode: 'READ', database: 'graph' }]);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.params).toEqual({ names: [...APOC_FUNCTIONS] });
    expect(lintCypher(statements[0]!.query, ['names'])).toEqual([]);
    const none = driverWith([]);
    await expect(
      missingApocFunctions({ driver: none.driver, database: undefined }),
    ).resolves.toEqual([...APOC_FUNCTIONS]);
    expect(none.sessions).toEqual([{ defaultAccessMode: 'READ' }]);
  });

  it('logs a warning naming what is missing, and only then', async () => {
    const logged = async (present: string[] | Error) => {
      const lines: Record<string, unknown>[] = [];
      const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
      warnIfApocMissing({ driver: driverWith(present).driver, database: undefined }, logger);
      await new Promise((resolve) => setImmediate(resolve));
      return lines.map(({ level, msg, missing }) => ({ level, msg, missing }));
    };
    expect(await logged([...APOC_FUNCTIONS])).toEqual([]);
    expect(await logged([])).toEqual([
      {
        level: 40,
        msg: expect.stringMatching(/^Neo4j has no APOC core plugin .*install APOC core in Neo4j$/),
        missing: ['apoc.date.convertFormat'],
      },
    ]);
    expect(await logged(new Error('Pool is closed'))).toEqual([
      {
        level: 40,
        msg: 'could not ask Neo4j whether APOC core is installed',
        missing: undefined,
      },
    ]);
  });
});
