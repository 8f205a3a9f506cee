import type { Logger } from 'pino';
import type { AppDeps } from '../app';
import { ApiKeyService } from '../auth/api-key-service';
import { ApiKeyVerifier } from '../auth/api-key-verifier';
import { CachedConnectorStore } from '../adapters/cache/cached-connector-store';
import { CachedApiKeyStore, CachedWorkspaceStore } from '../adapters/cache/cached-stores';
import { Authenticator } from '../auth/authenticator';
import { RateLimiter } from '../auth/rate-limiter';
import { SqliteApiKeyStore } from '../adapters/sqlite/api-key-store';
import { SqliteChangeLogStore } from '../adapters/sqlite/change-log';
import { SqliteConnectorStore } from '../adapters/sqlite/connector-store';
import { SqliteGraphStore } from '../adapters/sqlite/graph-store';
import { SqliteImportStore } from '../adapters/sqlite/import-store';
import { SqliteOntologyStore } from '../adapters/sqlite/ontology-store';
import { SqliteOAuthClientStore } from '../adapters/sqlite/oauth-client-store';
import { SqliteOAuthGrantStore } from '../adapters/sqlite/oauth-grant-store';
import { SqliteUserStore } from '../adapters/sqlite/user-store';
import { createOAuthServices } from '../auth/oauth/oauth-services';
import { CommandService } from '../commands/command-service';
import { openDatabase, SqliteHealthCheck } from '../adapters/sqlite/database';
import { SqliteWorkspaceStore } from '../adapters/sqlite/workspace-store';
import { Neo4jGraphQLReads } from '../adapters/neo4j/graphql/read-fields';
import { openNeo4jStores } from '../adapters/neo4j';
import { memorySharedState } from '../adapters/memory';
import { redisSharedState } from '../adapters/redis';
import type { Config } from '../config/load-config';
import { HttpMetrics } from '../http/metrics';
import { CypherMetrics } from '../adapters/sqlite/cypher/runtime/metrics';
import { Lifecycle } from '../lifecycle/lifecycle';
import { defaultOpenApiPath } from '../http/routes/system';
import { systemClock, type Clock } from '../ports/clock';
import { GraphQueries } from '../queries/graph-queries';
import { SqliteCypherEngine } from '../adapters/sqlite/cypher/runtime/engine';
import { CypherService } from '../cypher/cypher-service';
import { DEFAULT_CYPHER_LIMITS } from '../cypher';
import { createLiveData } from './live-data';
import type { EventIngestor } from '../webhooks/event-ingestor';
import { createWebhooks } from './webhooks';
import { EventFeed } from '../events/event-feed';
import { recordingGraphStore } from '../events/recording-graph-store';
import { EventRetention } from '../events/retention';
import { AddressPolicy } from '../events/delivery/address-policy';
import { DeliveryDispatcher, type DispatcherOptions } from '../events/delivery/dispatcher';
import { HttpSender } from '../events/delivery/http-sender';
import { SubscriptionService } from '../events/delivery/subscription-service';
import { SqliteEventSubscriptionStore } from '../adapters/sqlite/event-subscription-store';
import type { Embedder } from '../ports/embedder';
import type { VectorIndex } from '../ports/vector-index';
import type { IndexerOptions } from '../search/indexer';
import { pressureTrackingGraphStore, WritePressure } from '../search/write-pressure';
import { createSearch } from './search';
import { openSecrets, secretsDeps } from './secrets';
import { ImportService } from '../transfer/api-import';
import { OntologyService } from '../ontology/ontology-service';
import { SchemaCache } from '../ontology/schema-cache';

/** Change events a feed read examines at most (a selective filter returns fewer). */
const FEED_SCAN_LIMIT = 10_000;
/** How often a reader waiting for events looks at the log without a signal. */
const FEED_POLL_MS = 5_000;
/** Webhook subscriptions one instance delivers at once at most. */
const DELIVERY_CONCURRENCY = 32;
/** How often subscriptions due for a retry are looked for. */
const DELIVERY_POLL_MS = 1_000;

/** Idempotency-Key replay window (24 h). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The wired service: dependencies for the app plus a way to release resources. */
export interface Container {
  deps: AppDeps;
  /**
   * Resolves once Redis is connected when REDIS_URL is set (bounded: 1 s), so the first
   * requests count in the shared store; at once otherwise.
   */
  connected(): Promise<void>;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  metrics?: HttpMetrics;
  /** Wraps the webhook ingestor (tests: a slow dependency for the processing bound). */
  webhookIngestor?: (ingestor: EventIngestor) => EventIngestor;
  /** Replaces the configured embedder (tests: the deterministic hash embedder). */
  embedder?: Embedder;
  /** Wraps the vector index (tests: an index that fails, then recovers). */
  vectorIndex?: (index: VectorIndex) => VectorIndex;
  /** Search indexer timing (tests: short backoff). */
  indexer?: Partial<IndexerOptions>;
  /** False in one-shot processes (the CLI): no background indexing, delivery or retention. */
  startIndexer?: boolean;
  /** Webhook delivery timing (tests: a short poll). */
  delivery?: Partial<DispatcherOptions>;
}

/**
 * Composition root: picks adapters from config and wires everything by constructor.
 * The embedded default is SQLite; NEO4J_URI selects Neo4j for the graph, command log,
 * workspaces, API keys, live-data source records, webhook connectors with their events,
 * and OAuth users, clients and grants (docs/neo4j.md).
 */
export function createContainer(
  config: Config,
  logger: Logger,
  overrides: ContainerOverrides = {},
): Container {
  const clock = overrides.clock ?? systemClock;
  // First, so that an unusable key file stops the start before anything is opened.
  const keyRing = openSecrets(config.secrets, logger);
  const db = openDatabase({ filename: config.sqlitePath, logger });
  const metrics = overrides.metrics ?? new HttpMetrics();
  // REDIS_URL shares rate limits, the sign-in throttle, webhook slots and cache invalidation
  // between instances (docs/operations.md); without it each process keeps its own.
  const shared = config.redis
    ? redisSharedState({ ...config.redis, logger, clock, registry: metrics.registry })
    : memorySharedState(clock);
  // NEO4J_URI moves every record to Neo4j (docs/neo4j.md): graph, command log, workspaces,
  // API keys, live-data sources, webhook connectors and OAuth records.
  const neo4j = config.neo4j
    ? openNeo4jStores(config.neo4j, logger, keyRing.box, config.propertyIndexes)
    : undefined;
  // Every store call is timed by engine (`store_operation_duration_seconds`), caches aside.
  const instrument = metrics.stores.instrument;
  const system = neo4j ? 'neo4j' : 'sqlite';
  // Read on every authenticated request: cached briefly, invalidated on every instance.
  const workspaces = new CachedWorkspaceStore(
    instrument(neo4j?.workspaces ?? new SqliteWorkspaceStore(db), system, 'workspaces'),
    shared.invalidations,
  );
  const apiKeyStore = new CachedApiKeyStore(
    instrument(neo4j?.apiKeys ?? new SqliteApiKeyStore(db), system, 'apiKeys'),
    shared.invalidations,
  );
  const apiKeys = new ApiKeyService(apiKeyStore, clock);
  const oauth = createOAuthServices(
    {
      users: instrument(neo4j?.users ?? new SqliteUserStore(db), system, 'users'),
      clients: instrument(
        neo4j?.oauthClients ?? new SqliteOAuthClientStore(db),
        system,
        'oauthClients',
      ),
      grants: instrument(
        neo4j?.oauthGrants ?? new SqliteOAuthGrantStore(db),
        system,
        'oauthGrants',
      ),
    },
    workspaces,
    clock,
    config.publicUrl,
    shared.counters,
  );
  const stopOAuthMaintenance = oauth.maintenance.start(logger);
  const authenticator = new Authenticator([new ApiKeyVerifier(apiKeyStore, clock), oauth.verifier]);
  const sqliteGraph = neo4j ? undefined : new SqliteGraphStore(db, config.propertyIndexes);
  const storedGraph = instrument(
    neo4j?.graph ?? (sqliteGraph as SqliteGraphStore),
    system,
    'graph',
  );
  // The change log (docs/events.md): every graph transaction records its changes as events
  // in the same transaction; readers on any instance hear of each commit.
  const changeLog = instrument(
    neo4j?.changeLog ?? new SqliteChangeLogStore(db),
    system,
    'changeLog',
  );
  const recorded = config.events.enabled
    ? recordingGraphStore(storedGraph, clock, (workspaceId, head) =>
        shared.changes.publish(workspaceId, head),
      )
    : storedGraph;
  // Graph writes that keep the graph busy slow the search indexer down (docs/search.md).
  const writes = new WritePressure();
  const graph = pressureTrackingGraphStore(recorded, writes);
  const feed = new EventFeed(changeLog, shared.changes, {
    scanLimit: FEED_SCAN_LIMIT,
    pollMs: FEED_POLL_MS,
  });
  const eventSubscriptions = instrument(
    neo4j?.eventSubscriptions ?? new SqliteEventSubscriptionStore(db, keyRing.box),
    system,
    'eventSubscriptions',
  );
  const sender = new HttpSender({
    policy: new AddressPolicy(config.events.allowedCidrs),
    timeoutMs: config.events.webhookTimeoutMs,
  });
  const subscriptions = new SubscriptionService(
    eventSubscriptions,
    changeLog,
    feed,
    sender,
    clock,
    {
      secretGraceSeconds: config.webhooks.secretGraceSeconds,
    },
  );
  const dispatcher = new DeliveryDispatcher(
    eventSubscriptions,
    changeLog,
    shared.changes,
    shared.leases,
    sender,
    clock,
    {
      retryWindowMs: config.events.webhookRetryMs,
      concurrency: DELIVERY_CONCURRENCY,
      pollMs: DELIVERY_POLL_MS,
      ...overrides.delivery,
    },
    logger,
  );
  const retention = new EventRetention(
    [
      { name: 'change events', trim: (before, limit) => changeLog.trim(before, limit) },
      {
        name: 'delivery attempts',
        trim: (before, limit) => eventSubscriptions.trimAttempts(before, limit),
      },
    ],
    clock,
    config.events.retentionMs,
    logger,
  );
  // One-shot processes (the CLI) deliver nothing and trim nothing.
  if (overrides.startIndexer !== false) {
    dispatcher.start();
    retention.start();
  }
  // Compiled ontology schemas, shared by every writer of records in this process.
  const schemas = new SchemaCache();
  const ontology = new OntologyService(
    graph,
    instrument(neo4j?.ontology ?? new SqliteOntologyStore(db), system, 'ontology'),
    clock,
    schemas,
  );
  const commands = new CommandService(
    graph,
    clock,
    { historyDepth: config.commandHistoryDepth, idempotencyTtlMs: IDEMPOTENCY_TTL_MS, schemas },
    metrics.operations,
  );
  const connectorStore = instrument(
    neo4j?.connectors ?? new SqliteConnectorStore(db, keyRing.box),
    system,
    'connectors',
  );
  // The stores holding secrets sealed at rest, for the re-encryption pass.
  const secrets = secretsDeps(keyRing, [connectorStore, eventSubscriptions]);
  const webhooks = createWebhooks({
    // Looked up by endpoint on every delivery: cached briefly, invalidated on every instance.
    // The cache holds connectors decrypted, so a cached look-up decrypts nothing.
    store: new CachedConnectorStore(connectorStore, shared.invalidations),
    slots: shared.leases,
    commands,
    clock,
    logger,
    config: config.webhooks,
    publicUrl: config.publicUrl,
    ...(overrides.webhookIngestor ? { decorateIngestor: overrides.webhookIngestor } : {}),
  });
  const liveData = createLiveData({
    db,
    graph,
    clock,
    config: config.liveData,
    logger,
    instrument,
    ...(neo4j ? { sources: neo4j.liveDataSources } : {}),
  });

  const search = createSearch({
    config,
    metrics: metrics.registry,
    db,
    graph,
    workspaces,
    clock,
    logger,
    instrument,
    ...(neo4j
      ? { outbox: instrument(neo4j.indexOutbox, 'neo4j', 'indexOutbox'), neo4j: neo4j.client }
      : {}),
    ...(overrides.embedder ? { embedder: overrides.embedder } : {}),
    ...(overrides.vectorIndex ? { decorateVectorIndex: overrides.vectorIndex } : {}),
    ...(overrides.indexer ? { indexer: overrides.indexer } : {}),
    writeBusyMs: () => writes.busyMs(),
    ...(overrides.startIndexer === false ? { startIndexer: false } : {}),
  });

  const importStore = instrument(neo4j?.imports ?? new SqliteImportStore(db), system, 'imports');
  // Analyst Cypher reads the graph where it lives: compiled to SQL over the embedded store
  // (in query threads with their own read-only connections), or emitted again as Cypher
  // bound to the workspace on Neo4j (docs/cypher.md, "How it runs").
  const sqliteCypher = neo4j
    ? undefined
    : new SqliteCypherEngine({
        filename: config.sqlitePath,
        indexedKeys: new Set([...config.propertyIndexes.node, ...config.propertyIndexes.edge]),
        threads: config.cypher.threads,
        graphCacheRecords: config.cypher.graphCacheRecords,
        shortestPathNodes: config.cypher.maxShortestPathNodes,
        metrics: new CypherMetrics(metrics.registry),
      });
  const cypherEngine = instrument(
    neo4j?.cypher ?? (sqliteCypher as SqliteCypherEngine),
    system,
    'cypher',
  );
  const lifecycle = new Lifecycle();
  const cypher = new CypherService(cypherEngine, clock, {
    limits: { ...DEFAULT_CYPHER_LIMITS, maxHops: config.cypher.maxHops },
    rowLimit: config.cypher.maxRows,
    timeoutMs: config.cypher.timeoutMs,
    stopping: lifecycle.draining,
  });

  const deps: AppDeps = {
    logger,
    clock,
    metrics,
    authenticator,
    rateLimiter: new RateLimiter(shared.counters),
    workspaces,
    apiKeys,
    commands,
    queries: new GraphQueries(graph, config.events.enabled ? changeLog : undefined),
    ontology,
    cypher,
    healthChecks: [
      new SqliteHealthCheck(db),
      ...(neo4j ? [neo4j.healthCheck] : []),
      ...liveData.healthChecks,
      ...shared.healthChecks,
    ],
    lifecycle,
    graph,
    imports: {
      service: new ImportService(graph, importStore, clock, ontology),
      store: importStore,
    },
    webhooks: webhooks.deps,
    secrets,
    liveData: liveData.deps,
    search: search.deps,
    graphql: {
      ...config.graphql,
      ...(neo4j
        ? {
            generatedReads: new Neo4jGraphQLReads({
              driver: neo4j.client.driver,
              database: config.neo4j?.database,
            }),
          }
        : {}),
    },
    oauth,
    events: {
      feed,
      subscriptions,
      retention,
      streamHeartbeatMs: config.events.streamHeartbeatMs,
      streamStallMs: config.events.streamStallMs,
      maxStreams: config.events.maxStreams,
    },
    http: {
      bodyLimitBytes: config.bodyLimitBytes,
      bodyTimeoutMs: config.timeouts.bodyMs,
      batchBodyLimitBytes: config.batchBodyLimitBytes,
      exportTimeLimitMs: config.exportTimeLimitMs,
      trustProxy: config.trustProxy,
      corsOrigins: config.corsOrigins,
      metricsToken: config.metricsToken,
      openApiPath: defaultOpenApiPath(),
      rateLimit: {
        enabled: config.rateLimit.enabled,
        enterpriseDefault: {
          perMinute: config.rateLimit.enterpriseDefaultPerMinute,
          perDay: config.rateLimit.enterpriseDefaultPerDay,
        },
      },
    },
  };
  return {
    deps,
    connected: () => shared.connected(),
    close: async () => {
      await secrets.resealer.stop();
      await dispatcher.stop();
      await retention.stop();
      sender.close();
      feed.close();
      webhooks.stop();
      stopOAuthMaintenance();
      await search.close();
      await liveData.close();
      await sqliteCypher?.close();
      await sqliteGraph?.close();
      await neo4j?.close();
      shared.close();
      db.close();
    },
  };
}
