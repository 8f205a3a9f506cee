import type { Logger } from 'pino';
import { createGuard, type GuardDeps } from '../http/middleware/guard';
import { readJsonBody, type JsonBodyOptions } from '../http/middleware/json-body';
import type { RouteDef } from '../http/route-table';
import { explorerPage } from './explorer';
import type { GraphQLServices } from './schema';
import { graphqlHandler, type GraphQLSettings } from './server';

export interface GraphQLRouteDeps {
  services: GraphQLServices;
  settings: GraphQLSettings;
  logger: Logger;
  /** What the REST guard needs: the same authentication, rate limits and workspace check. */
  guard: GuardDeps;
  /** How the body is read: the REST routes' limit and timeout. */
  body: JsonBodyOptions;
}

/**
 * POST /graphql and GET /graphql (docs/graphql.md). Both pass the REST guard first: a
 * missing or bad credential, a missing or foreign x-workspace-id and an exhausted rate
 * limit are answered exactly as on REST (401/400/403/429 in the error envelope, with the
 * rate-limit headers) before any GraphQL runs. Scopes are checked per field. A browser's
 * GET without a query gets the explorer page instead, which needs no credential.
 * The body is read like a REST route's, except that nesting beyond the JSON limit is
 * answered by the handler as a GraphQL error (as the document's own limits are), not in
 * the envelope. Nothing is mounted when GRAPHQL_ENABLED=false.
 */
export function graphqlRoutes(deps: GraphQLRouteDeps): RouteDef[] {
  if (!deps.settings.enabled) {
    return [];
  }
  const guard = createGuard(deps.guard)({ workspace: 'required' });
  const handler = graphqlHandler(deps);
  return [
    {
      method: 'post',
      path: '/graphql',
      access: { workspace: 'required' },
      rawBody: true,
      before: readJsonBody(deps.body),
      handler,
    },
    {
      method: 'get',
      path: '/graphql',
      // Public so that the explorer page loads; GraphQL over GET passes the guard below.
      access: 'public',
      before: [explorerPage, guard],
      handler,
    },
  ];
}
