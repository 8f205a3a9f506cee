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
import type { Logger } from 'pino';
import { contextFromRequest, type GraphQLContext } from './context';
import { errorReportingPlugin, formatGraphQLError } from './errors';
import { MAX_TOKENS, queryLimitsPlugin, type QueryLimits } from './limits';
import type { GeneratedGraphQLReads } from '../ports/graphql-reads';
import { withGeneratedReads } from './generated-reads';
import { requestNestingError, sendGraphQLRequestError } from './request-nesting';
import { buildCoreSchema, type GraphQLServices } from './schema';

/** Settings of the mirror (GRAPHQL_* in the config). */
export interface GraphQLSettings extends QueryLimits {
  enabled: boolean;
  /** Neo4j mode: the read fields the graph's engine generates (docs/graphql.md). */
  generatedReads?: GeneratedGraphQLReads;
}

/** The schema served at /graphql: the core schema, plus the Neo4j read fields in Neo4j mode. */
export async function buildServedSchema(
  services: GraphQLServices,
  generatedReads: GeneratedGraphQLReads | undefined,
): Promise<GraphQLSchema> {
  const core = buildCoreSchema(services);
  return generatedReads ? await withGeneratedReads(core, generatedReads) : core;
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
  settings.generatedReads?.checkSupport(logger);

  const start = async () => {
    const schema = await buildServedSchema(services, settings.generatedReads);
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
        if (!settings.generatedReads) {
          return Promise.resolve(base);
        }
        return Promise.resolve({ ...base, ...settings.generatedReads.requestContext() });
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
