import { Neo4jError } from 'neo4j-driver';
import type { Logger } from 'pino';
import { ServiceUnavailableError } from '../../../errors';
import type { Neo4jGraphQLTarget } from './read-fields';

/**
 * The APOC core functions the Cypher of the generated read fields calls. @neo4j/graphql
 * reads every DateTime value through `apoc.date.convertFormat`: `createdAt`/`updatedAt` of
 * `entities` and of the connection's edges, and their min/max in an aggregate. Filtering
 * and sorting on them, and every other field, need no plugin.
 * test/unit/adapters/neo4j/graphql-neo4j.test.ts checks that the library's Cypher calls no
 * other APOC function.
 */
export const APOC_FUNCTIONS = ['apoc.date.convertFormat'] as const;

/** The functions of APOC_FUNCTIONS the server does not offer (none with APOC core installed). */
export async function missingApocFunctions(target: Neo4jGraphQLTarget): Promise<string[]> {
  const session = target.driver.session({
    defaultAccessMode: 'READ',
    ...(target.database ? { database: target.database } : {}),
  });
  try {
    const result = await session.run(
      'SHOW FUNCTIONS YIELD name WHERE name IN $names RETURN collect(name) AS present',
      { names: [...APOC_FUNCTIONS] },
    );
    const present = new Set(result.records[0]?.get('present') as string[] | undefined);
    return APOC_FUNCTIONS.filter((name) => !present.has(name));
  } finally {
    await session.close();
  }
}

/** What an operator reads when APOC core is missing: the log line and the client's error. */
function missingMessage(names: readonly string[]): string {
  return (
    `Neo4j has no APOC core plugin (${names.join(', ')} is missing): the GraphQL fields ` +
    'entities and entitiesConnection cannot return createdAt or updatedAt until it is installed'
  );
}

/**
 * Checks once, in the background, that Neo4j offers what the generated fields need, and
 * logs a warning naming the missing functions if not. The service runs either way: only
 * those fields fail, each with the error of `apocMissingError`.
 */
export function warnIfApocMissing(target: Neo4jGraphQLTarget, logger: Logger): void {
  missingApocFunctions(target).then(
    (missing) => {
      if (missing.length > 0) {
        logger.warn(
          { missing, docs: 'docs/neo4j.md#apoc-core' },
          `${missingMessage(missing)}; install APOC core in Neo4j`,
        );
      }
    },
    (error: unknown) => {
      logger.warn({ err: error }, 'could not ask Neo4j whether APOC core is installed');
    },
  );
}

/**
 * The APOC function or procedure a driver error says Neo4j does not know, or undefined.
 * Neo4j reports an unknown function as a syntax error naming it, and an unknown procedure
 * as ProcedureNotFound.
 */
export function missingApocName(error: unknown): string | undefined {
  if (!(error instanceof Neo4jError)) {
    return undefined;
  }
  const pattern =
    error.code === 'Neo.ClientError.Statement.SyntaxError'
      ? /^Unknown function '(apoc\.[\w.]+)'/
      : error.code === 'Neo.ClientError.Procedure.ProcedureNotFound'
        ? /procedure with the name `(apoc\.[\w.]+)`/
        : undefined;
  return pattern?.exec(error.message)?.[1];
}

/** The client's answer to a read that needed a missing APOC function: 503, naming it. */
export function apocMissingError(name: string): ServiceUnavailableError {
  return new ServiceUnavailableError(
    `${missingMessage([name])}. Ask the operator to install it; the other fields work.`,
    { reason: 'Neo4j has no APOC core plugin', missing: [name] },
  );
}
