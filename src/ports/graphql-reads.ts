import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';

/**
 * Read fields an engine generates for the GraphQL mirror, beside the service's own
 * resolvers: with the graph on Neo4j, `entities` and `entitiesConnection` from
 * @neo4j/graphql (docs/graphql.md). The GraphQL layer adds the root fields named in `fields`
 * to its Query type, checks the caller's scope before each, and merges `requestContext()`
 * into every request's context for their resolvers.
 */
export interface GeneratedGraphQLReads {
  /** Root fields of the generated schema that the served schema exposes. */
  readonly fields: readonly string[];
  /** The generated schema (built once per server, asynchronously). */
  buildSchema(): Promise<GraphQLSchema>;
  /** What the generated resolvers read from a request's context beside the service's own. */
  requestContext(): Record<string, unknown>;
  /**
   * What a generated read that failed throws instead of `error`: an engine outage as 503,
   * a missing engine feature as 503 naming it (logged with the request id), else `error`.
   */
  readError(error: unknown, request: { logger: Logger; requestId: string }): unknown;
  /** Checks once, in the background, that the engine has what the fields need; warns if not. */
  checkSupport(logger: Logger): void;
}
