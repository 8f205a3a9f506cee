import { isUtf8 } from 'node:buffer';
import querystring from 'node:querystring';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ValidationError } from './errors';
import type { ApiKeyService } from './auth/api-key-service';
import type { OAuthServices } from './auth/oauth/oauth-services';
import type { CommandService } from './commands/command-service';
import type { Authenticator } from './auth/authenticator';
import type { RateLimiter } from './auth/rate-limiter';
import type { RateLimits } from './domain/workspace';
import type { HttpMetrics } from './http/metrics';
import { errorHandler, notFound } from './http/middleware/error-handler';
import { cors } from './http/middleware/cors';
import { createGuard, type GuardDeps } from './http/middleware/guard';
import { jsonBody } from './http/middleware/json-body';
import { methodNotAllowed } from './http/middleware/method-not-allowed';
import { requestLifecycle } from './http/middleware/observe';
import { composeRoute } from './http/compose';
import type { RouteDef } from './http/route-table';
import { apiKeyRoutes } from './http/routes/api-keys';
import { commandRoutes } from './http/routes/commands';
import { connectorRoutes } from './http/routes/connectors';
import { exportRoutes } from './http/routes/exports';
import { importRoutes } from './http/routes/imports';
import { docsAssets, docsRoutes } from './http/routes/docs';
import { explorerRoutes } from './http/routes/explorer';
import { meRoutes } from './http/routes/me';
import { oauthRoutes } from './http/routes/oauth';
import { oauthClientRoutes } from './http/routes/oauth-clients';
import { ontologyRoutes } from './http/routes/ontology';
import { queryRoutes } from './http/routes/queries';
import { cypherRoutes } from './http/routes/cypher';
import { systemRoutes } from './http/routes/system';
import { webhookRoutes } from './http/routes/webhooks';
import { liveDataRoutes } from './http/routes/live-data';
import { ragRoutes } from './http/routes/rag';
import { eventRoutes } from './http/routes/events';
import { eventSubscriptionRoutes } from './http/routes/event-subscriptions';
import type { SubscriptionService } from './events/delivery/subscription-service';
import type { EventFeed } from './events/event-feed';
import type { EventRetention } from './events/retention';
import type { GraphQLServices } from './graphql/schema';
import type { SubscriptionServerDeps } from './graphql/subscriptions';
import type { SearchDeps } from './search/search-deps';
import { explorerAssets } from './graphql/explorer';
import { graphqlRoutes } from './graphql/routes';
import type { GraphQLSettings } from './graphql/server';
import type { LiveDataDeps } from './live-data/live-data-deps';
import type { OntologyService } from './ontology/ontology-service';
import type { Lifecycle } from './lifecycle/lifecycle';
import type { Clock } from './ports/clock';
import type { HealthCheck } from './ports/health';
import type { ImportStore } from './ports/import-store';
import type { ImportService } from './transfer/api-import';
import type { WorkspaceStore } from './ports/workspace-store';
import type { GraphStore } from './ports/graph-store';
import type { GraphQueries } from './queries/graph-queries';
import type { SecretsDeps } from './secrets/secrets-deps';
import type { CypherService } from './cypher/cypher-service';
import type { ConnectorService } from './webhooks/connector-service';
import type { WebhookMaintenance } from './webhooks/maintenance';
import type { WebhookReceptionService } from './webhooks/reception-service';

/** Everything the HTTP layer needs, built by the container (or by a test). */
export interface AppDeps {
  logger: Logger;
  clock: Clock;
  metrics: HttpMetrics;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  workspaces: WorkspaceStore;
  apiKeys: ApiKeyService;
  commands: CommandService;
  queries: GraphQueries;
  /** Entity and relationship types, and the ontology's settings (docs/ontology.md, "Types"). */
  ontology: OntologyService;
  /** Analyst Cypher, read-only and confined to the workspace (docs/cypher.md). */
  cypher: CypherService;
  healthChecks: readonly HealthCheck[];
  /** Serving or stopping: `/ready` answers 503 once the shutdown has begun. */
  lifecycle: Lifecycle;
  /** The graph store itself, for operator tools that move whole workspaces (CLI export/import). */
  graph: GraphStore;
  /** Users, OAuth client applications and the authorization server (docs/oauth.md). */
  oauth: OAuthServices;
  /** Bulk imports through the API (POST /api/imports) and their records. */
  imports: { service: ImportService; store: ImportStore };
  /** Live data sources, ingest and queries (docs/live-data.md). */
  liveData: LiveDataDeps;
  /** Semantic and hybrid search, and the background indexer (docs/search.md). */
  search: SearchDeps;
  /** The GraphQL mirror at /graphql (docs/graphql.md). */
  graphql: GraphQLSettings;
  /** Secrets at rest: the configured keys and the re-encryption pass (start-up, CLI). */
  secrets: SecretsDeps;
  /** The change feed: pull and Server-Sent Events (docs/events.md). */
  events: {
    feed: EventFeed;
    /** Outbound webhook subscriptions (docs/events.md, "Webhook subscriptions"). */
    subscriptions: SubscriptionService;
    /** Removes events and delivery attempts past EVENTS_RETENTION_DAYS (every minute, and on demand). */
    retention: EventRetention;
    streamHeartbeatMs: number;
    streamStallMs: number;
    maxStreams: number;
  };
  /** Connectors and inbound webhooks (docs/webhooks.md). */
  webhooks: {
    connectors: ConnectorService;
    reception: WebhookReceptionService;
    maintenance: WebhookMaintenance;
    /** PUBLIC_URL, the base of reception URLs; else the origin a client called. */
    publicUrl: string | undefined;
  };
  http: {
    bodyLimitBytes: number;
    /** HTTP_BODY_TIMEOUT_MS: how long a route waits for a request body (408 past it). */
    bodyTimeoutMs: number;
    /** Body limit of POST /api/commands/batch. */
    batchBodyLimitBytes: number;
    /** EXPORT_TIME_LIMIT_MS: the longest one GET /api/export streams. */
    exportTimeLimitMs: number;
    trustProxy: boolean;
    metricsToken: string | undefined;
    openApiPath: string;
    rateLimit: { enabled: boolean; enterpriseDefault: RateLimits };
    /** CORS_ORIGINS: browser origins allowed to call the API (empty: no CORS headers). */
    corsOrigins: readonly string[];
  };
}

/**
 * Exports (GET /api/export) running at once at most: each holds a read snapshot (on the
 * embedded store a connection of its own) for as long as its client takes to read it.
 */
const MAX_RUNNING_EXPORTS = 4;

/**
 * Imports (POST /api/imports) running at once at most: each keeps a share of the writer and
 * of the event loop busy for as long as its upload lasts.
 */
const MAX_RUNNING_IMPORTS = 4;

/**
 * How long an export waits for its client to take in more of the answer before it cuts the
 * connection off (and releases its snapshot). Long: a connection's buffers hold megabytes,
 * and the kernel reports room for more only once much of that is free, so a slow but
 * steady reader (tens of KB/s) shows progress only every half minute or so.
 */
const EXPORT_IDLE_MS = 120_000;

/** Every route of the API, in mounting order. The OpenAPI test reads this table too. */
export function routeTable(deps: AppDeps): RouteDef[] {
  return [
    // Express tries routes in order: the busiest public route (webhook senders) first.
    ...webhookRoutes({
      reception: deps.webhooks.reception,
      bodyTimeoutMs: deps.http.bodyTimeoutMs,
      delivered: (outcome) => deps.metrics.operations.webhookDelivery(outcome),
    }),
    ...systemRoutes({
      healthChecks: deps.healthChecks,
      lifecycle: deps.lifecycle,
      metrics: deps.metrics,
      metricsToken: deps.http.metricsToken,
      openApiPath: deps.http.openApiPath,
    }),
    ...docsRoutes(),
    ...explorerRoutes(),
    ...meRoutes({ workspaces: deps.workspaces }),
    ...apiKeyRoutes({ apiKeys: deps.apiKeys }),
    ...oauthRoutes({ ...deps.oauth, bodyTimeoutMs: deps.http.bodyTimeoutMs }),
    ...oauthClientRoutes(deps.oauth),
    ...queryRoutes({ queries: deps.queries }),
    ...ontologyRoutes({ ontology: deps.ontology }),
    ...cypherRoutes({ cypher: deps.cypher }),
    ...commandRoutes({
      commands: deps.commands,
      batchBodyLimitBytes: deps.http.batchBodyLimitBytes,
      bodyTimeoutMs: deps.http.bodyTimeoutMs,
    }),
    ...importRoutes({
      ...deps.imports,
      bodyTimeoutMs: deps.http.bodyTimeoutMs,
      maxRunning: MAX_RUNNING_IMPORTS,
    }),
    ...exportRoutes({
      stores: { workspaces: deps.workspaces, graph: deps.graph, ontology: deps.ontology },
      clock: deps.clock,
      draining: deps.lifecycle.draining,
      idleMs: EXPORT_IDLE_MS,
      timeLimitMs: deps.http.exportTimeLimitMs,
      maxRunning: MAX_RUNNING_EXPORTS,
      logger: deps.logger,
    }),
    ...liveDataRoutes({
      ...deps.liveData,
      clock: deps.clock,
      bodyTimeoutMs: deps.http.bodyTimeoutMs,
    }),
    ...ragRoutes({
      search: deps.search.service,
      indexStatus: (workspaceId) => deps.search.indexer.status(workspaceId),
    }),
    ...connectorRoutes({
      connectors: deps.webhooks.connectors,
      publicUrl: deps.webhooks.publicUrl,
    }),
    ...eventSubscriptionRoutes({ subscriptions: deps.events.subscriptions }),
    ...eventRoutes({
      feed: deps.events.feed,
      heartbeatMs: deps.events.streamHeartbeatMs,
      stallMs: deps.events.streamStallMs,
      maxStreams: deps.events.maxStreams,
      draining: deps.lifecycle.draining,
      logger: deps.logger,
    }),
    ...graphqlRoutes({
      services: graphqlServices(deps),
      settings: deps.graphql,
      logger: deps.logger,
      body: { limitBytes: deps.http.bodyLimitBytes, timeoutMs: deps.http.bodyTimeoutMs },
      guard: guardDeps(deps),
    }),
  ];
}

/** The application services the GraphQL mirror resolves with. */
function graphqlServices(deps: AppDeps): GraphQLServices {
  return {
    queries: deps.queries,
    cypher: deps.cypher,
    commands: deps.commands,
    ontology: deps.ontology,
    liveData: deps.liveData.service,
    search: deps.search.service,
    indexStatus: (workspaceId) => deps.search.indexer.status(workspaceId),
    events: deps.events.feed,
    clock: deps.clock,
  };
}

/** What the guard needs, for HTTP routes and GraphQL over WebSocket alike. */
function guardDeps(deps: AppDeps): GuardDeps {
  return {
    authenticator: deps.authenticator,
    rateLimiter: deps.rateLimiter,
    workspaces: deps.workspaces,
    clock: deps.clock,
    rateLimit: deps.http.rateLimit,
  };
}

/**
 * What GraphQL subscriptions over WebSocket need (`attachGraphQLSubscriptions`, mounted on
 * the HTTP server by main.ts, beside the app).
 */
export function subscriptionServerDeps(deps: AppDeps): SubscriptionServerDeps {
  return {
    services: graphqlServices(deps),
    settings: deps.graphql,
    guard: guardDeps(deps),
    logger: deps.logger,
    maxConnections: deps.events.maxStreams,
  };
}

/**
 * A query string's parameters: Node's parser for flat keys, without its 1,000-key cap (past
 * it the remaining parameters would be dropped silently: a filter after 1,000 `&`s ignored;
 * the request line's length bounds the keys, 431 past Node's 16 KiB limit of the request
 * line and headers). Escapes that decode to bytes that are not UTF-8 are a 400 (`path:
 * "query"`), as such bytes in a JSON body or a path are, rather than U+FFFD in a filter that
 * then matches other text. A `%` not followed by two hex digits stays as it is.
 */
function parseQueryString(text: string): querystring.ParsedUrlQuery {
  let notUtf8 = false;
  // Each run of escapes holds whole characters: a character's bytes above 0x7F are all
  // escaped, so none is split by a literal one. (Node's parser catches what a decoder
  // throws, hence the flag.)
  const decode = (component: string): string =>
    component.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
      notUtf8 ||= !isUtf8(bytes);
      return bytes.toString('utf8');
    });
  const parsed = querystring.parse(text, '&', '=', { maxKeys: 0, decodeURIComponent: decode });
  if (notUtf8) {
    throw new ValidationError('The query string is not valid UTF-8 once percent-decoded.', [
      { path: 'query', message: 'holds percent-encoded bytes that are not UTF-8' },
    ]);
  }
  return parsed;
}

/** Builds the Express application. Never listens: `main.ts` does, tests use supertest. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No conditional GETs are implemented; the default ETag costs ~12% of throughput (measured).
  app.set('etag', false);
  app.set('trust proxy', deps.http.trustProxy);
  app.set('query parser', parseQueryString);

  app.use(requestLifecycle(deps.logger, deps.metrics));
  if (deps.http.corsOrigins.length > 0) {
    app.use(cors(deps.http.corsOrigins));
  }

  const guard = createGuard(guardDeps(deps));
  const parseJson = jsonBody({
    limitBytes: deps.http.bodyLimitBytes,
    timeoutMs: deps.http.bodyTimeoutMs,
  });

  const routes = routeTable(deps);
  for (const route of routes) {
    const steps: RequestHandler[] = [];
    if (route.access !== 'public') {
      steps.push(guard(route.access));
    }
    if (!route.rawBody && route.method !== 'get' && route.method !== 'delete') {
      steps.push(...parseJson);
    }
    steps.push(...(route.before ?? []));
    app[route.method](route.path, composeRoute(route, steps));
  }

  // Static docs assets after the API routes, so API requests never pass through them.
  app.use(docsAssets());
  if (deps.graphql.enabled) {
    app.use(explorerAssets());
  }
  app.use(methodNotAllowed(routes));
  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
