import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Request, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { Driver } from 'neo4j-driver';
import type { Logger } from 'pino';
import { contextFromRequest, type GraphQLContext } from './context';
import { errorReportingPlugin, formatGraphQLError } from './errors';
import { MAX_TOKENS, queryLimitsPlugin, type QueryLimits } from './limits';
import { warnIfApocMissing } from './neo4j-plugins';
import { buildNeo4jReadSchema, withNeo4jReads } from './neo4j-schema';
import { requestNestingError, sendGraphQLRequestError } from './request-nesting';
import { buildCoreSchema, type GraphQLServices } from './schema';

/** Neo4j mode: the driver the generated read fields run on (docs/graphql.md). */
export interface GraphQLNeo4j {
  driver: Driver;
  database: string | undefined;
}

/** Settings of the mirror (GRAPHQL_* in the config). */
export interface GraphQLSettings extends QueryLimits {
  enabled: boolean;
  neo4j?: GraphQLNeo4j;
}

/** The schema served at /graphql: the core schema, plus the Neo4j read fields in Neo4j mode. */
export async function buildServedSchema(
  services: GraphQLServices,
  neo4jMode: boolean,
): Promise<GraphQLSchema> {
  const core = buildCoreSchema(services);
  return neo4jMode ? withNeo4jReads(core, await buildNeo4jReadSchema()) : core;
}

/** Context of a Neo4j-mode request: what @neo4j/graphql reads beside the service's own. */
interface Neo4jContext extends GraphQLContext {
  executionContext: Driver;
  sessionConfig: { database?: string };
}

/**
 * Builds the Apollo Server (once, on first use: the Neo4j schema is built asynchronously)
 * and returns the Express handler that runs a request through it. Requests reach it only
 * after the guard, so `req.ctx` holds the caller, workspace and scopes. In Neo4j mode it
 * also checks, in the background, that Neo4j has the APOC core the generated fields need.
 */
export function graphqlHandler(options: {
  services: GraphQLServices;
  settings: GraphQLSettings;
  logger: Logger;
}): (req: Request, res: Response) => Promise<void> {
  const { services, settings, logger } = options;
  let ready: Promise<(req: Request, res: Response) => Promise<void>> | undefined;
  if (settings.neo4j) {
    // At start-up, not on the first request: an operator reads it while deploying.
    warnIfApocMissing(settings.neo4j, logger);
  }

  const start = async () => {
    const schema = await buildServedSchema(services, settings.neo4j !== undefined);
    const server = new ApolloServer<GraphQLContext>({
      schema,
      introspection: true,
      // Every request carries Authorization (the guard runs first), a header browsers never
      // send cross-origin without a CORS preflight: naming it keeps CSRF prevention on
      // without asking curl users for an extra apollo-require-preflight header.
      csrfPrevention: { requestHeaders: ['authorization'] },
      allowBatchedHttpRequests: false,
      parseOptions: { maxTokens: MAX_TOKENS },
      includeStacktraceInErrorResponses: false,
      stopOnTerminationSignals: false,
      formatError: formatGraphQLError,
      logger,
      // Automatic persisted queries off: one way to send a query, nothing cached per client.
      persistedQueries: false,
      plugins: [
        // The explorer is the service's own page; and nothing is ever reported to Apollo's
        // cloud, even if an APOLLO_KEY happens to be in the environment.
        ApolloServerPluginLandingPageDisabled(),
        ApolloServerPluginUsageReportingDisabled(),
        ApolloServerPluginSchemaReportingDisabled(),
        ApolloServerPluginInlineTraceDisabled(),
        // Responses are per credential: no Cache-Control hints from the schema.
        ApolloServerPluginCacheControlDisabled(),
        queryLimitsPlugin(schema, settings),
        errorReportingPlugin(),
      ],
    });
    await server.start();
    const middleware = expressMiddleware(server, {
      context: ({ req }): Promise<GraphQLContext> => {
        const base = contextFromRequest(req, services.queries, logger);
        if (!settings.neo4j) {
          return Promise.resolve(base);
        }
        const ctx: Neo4jContext = {
          ...base,
          executionContext: settings.neo4j.driver,
          sessionConfig: settings.neo4j.database ? { database: settings.neo4j.database } : {},
        };
        return Promise.resolve(ctx);
      },
    });
    return async (req: Request, res: Response): Promise<void> => {
      if (!Object.hasOwn(req, 'body')) {
        // GET, or a POST without a body: Apollo answers those itself (400 for the POST).
        req.body = undefined;
      }
      await middleware(req, res, () => undefined);
    };
  };

  return async (req, res) => {
    // Before Apollo parses the document or reads the variables: both are walked recursively.
    const tooDeep = requestNestingError(req);
    if (tooDeep) {
      sendGraphQLRequestError(res, tooDeep);
      return;
    }
    ready ??= start().catch((error: unknown) => {
      ready = undefined; // A later request tries again.
      throw error;
    });
    const handle = await ready;
    await handle(req, res);
  };
}
