import path from 'node:path';
import type { PropertyIndexes } from '../filters/indexes';
import { KEY_FILE_NAME, type SecretKeySettings } from '../secrets/key-ring';
import { envSchema, type Env, type VectorStore } from './env-schema';

/** The validated, typed configuration the rest of the service receives. */
export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  sqlitePath: string;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  /** Bounds on how long a client may take to send a request (docs/http-conventions.md). */
  timeouts: {
    /** The request line and headers (the server answers 408 past it). */
    headersMs: number;
    /** A request body, from when a route starts reading it (408 past it). */
    bodyMs: number;
    /** A response the client does not read: closed when none of it is taken for this long. */
    responseStallMs: number;
  };
  /** Body limit of POST /api/commands/batch (1,000 commands exceed the general limit). */
  batchBodyLimitBytes: number;
  /** The longest one GET /api/export streams; past it the answer is cut off. */
  exportTimeLimitMs: number;
  trustProxy: boolean;
  /** Browser origins allowed by CORS (`*` for any); empty when CORS_ORIGINS is unset. */
  corsOrigins: string[];
  publicUrl: string | undefined;
  metricsToken: string | undefined;
  /** Graceful shutdown on SIGTERM/SIGINT (see src/lifecycle/shutdown.ts). */
  shutdown: {
    /** How long `/ready` answers 503 before the listener closes (load balancers catch up). */
    delayMs: number;
    /** Bound on draining connections and closing the stores; past it the exit is forced. */
    timeoutMs: number;
  };
  /** Undoable commands kept per actor and workspace. */
  commandHistoryDepth: number;
  /** Property keys with an index for list filters (docs/filters.md). */
  propertyIndexes: PropertyIndexes;
  /** Keys of the secrets stored encrypted (docs/webhooks.md, "Secrets at rest"). */
  secrets: SecretKeySettings;
  /** Webhook reception and connectors (docs/webhooks.md). */
  webhooks: {
    /** How long a rotated-out secret keeps verifying requests. */
    secretGraceSeconds: number;
    /** Deliveries in progress per workspace; more are answered 429. */
    concurrencyPerWorkspace: number;
    /** Bound on ingesting one event; past it the event is failed. */
    processingTimeoutMs: number;
    /** Events older than this are deleted. */
    eventRetentionDays: number;
    /** Rejected attempts recorded per connector and minute (the rest are not stored). */
    rejectedRecordsPerMinute: number;
  };
  /** Live data (docs/live-data.md). */
  liveData: {
    /** Body limit of POST /api/live-data/ingest (10,000 points exceed the general limit). */
    ingestBodyLimitBytes: number;
    /** InfluxDB 1.x for points when INFLUX_URL is set; the embedded store otherwise. */
    influx:
      | {
          url: string;
          database: string;
          username: string | undefined;
          password: string | undefined;
          timeoutMs: number;
        }
      | undefined;
  };
  rateLimit: {
    enabled: boolean;
    enterpriseDefaultPerMinute: number;
    enterpriseDefaultPerDay: number;
  };
  /** Analyst Cypher (docs/cypher.md, "Limits"). */
  cypher: {
    timeoutMs: number;
    maxRows: number;
    maxHops: number;
    /** Nodes one shortest-path pattern may visit on the embedded store. */
    maxShortestPathNodes: number;
    threads: number;
    /** Nodes and relationships each query thread keeps in memory (0: none). */
    graphCacheRecords: number;
  };
  /** The change feed and outbound webhook subscriptions (docs/events.md). */
  events: {
    enabled: boolean;
    retentionMs: number;
    streamHeartbeatMs: number;
    streamStallMs: number;
    maxStreams: number;
    webhookTimeoutMs: number;
    webhookRetryMs: number;
    allowedCidrs: string[];
  };
  /** The GraphQL mirror at /graphql (docs/graphql.md). */
  graphql: { enabled: boolean; maxDepth: number; maxComplexity: number };
  /** Neo4j for the graph, command log, workspaces and API keys (docs/neo4j.md). */
  neo4j:
    | {
        uri: string;
        user: string;
        password: string;
        database: string | undefined;
        connectionTimeoutMs: number;
        acquisitionTimeoutMs: number;
        maxRetryTimeMs: number;
      }
    | undefined;
  /** OpenAI-compatible embeddings endpoint when EMBEDDINGS_URL is set (docs/search.md). */
  embeddings:
    { url: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  /** Query texts whose vectors are kept in memory, 0 for none (docs/search.md). */
  searchQueryCache: number;
  /**
   * Where search vectors live (VECTOR_STORE; docs/search.md): Qdrant when QDRANT_URL is
   * set, else Neo4j's vector index when NEO4J_URI is, else sqlite-vec in the embedded file.
   */
  vectorStore: VectorStore;
  /** Qdrant's settings when QDRANT_URL is set (then `vectorStore` is `qdrant`). */
  qdrant: { url: string; apiKey: string | undefined; collection: string } | undefined;
  /**
   * Redis, shared by every instance, for rate limits, the sign-in throttle, webhook slots
   * and cache invalidation when REDIS_URL is set; each process keeps its own otherwise.
   */
  redis: { url: string; commandTimeoutMs: number } | undefined;
  bootstrap: {
    workspaceId: string | undefined;
    workspaceName: string;
    apiKey: string | undefined;
    plan: Env['BOOTSTRAP_PLAN'];
    /** Login of the demo user (a default email and a random password when unset). */
    userEmail: string | undefined;
    userPassword: string | undefined;
  };
}

/** Thrown when the environment is invalid; lists every problem, one per variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once. Reports every bad variable together, naming each one, so
 * an operator fixes them in one go.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  // Rules that span variables, reported together with the per-variable ones.
  const related = relatedProblems(source);
  if (!parsed.success || related.length > 0) {
    const problems = (parsed.success ? [] : parsed.error.issues)
      .map((issue) => {
        const variable = issue.path.join('.') || '(environment)';
        return `${variable}: ${issue.message}`;
      })
      .concat(related);
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    sqlitePath: path.join(dataDir, 'ontology.db'),
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    timeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      bodyMs: env.HTTP_BODY_TIMEOUT_MS,
      responseStallMs: env.HTTP_RESPONSE_STALL_TIMEOUT_MS,
    },
    batchBodyLimitBytes: env.BATCH_BODY_LIMIT_BYTES,
    exportTimeLimitMs: env.EXPORT_TIME_LIMIT_MS,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    publicUrl: env.PUBLIC_URL,
    metricsToken: env.METRICS_TOKEN,
    shutdown: { delayMs: env.SHUTDOWN_DELAY_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
    commandHistoryDepth: env.COMMAND_HISTORY_DEPTH,
    propertyIndexes: { node: env.NODE_PROPERTY_INDEXES, edge: env.EDGE_PROPERTY_INDEXES },
    secrets: {
      key: env.SECRETS_KEY,
      previousKeys: env.SECRETS_KEY_PREVIOUS,
      keyFile: path.join(dataDir, KEY_FILE_NAME),
    },
    webhooks: {
      secretGraceSeconds: env.WEBHOOK_SECRET_GRACE_SECONDS,
      concurrencyPerWorkspace: env.WEBHOOK_CONCURRENCY_PER_WORKSPACE,
      processingTimeoutMs: env.WEBHOOK_PROCESSING_TIMEOUT_MS,
      eventRetentionDays: env.WEBHOOK_EVENT_RETENTION_DAYS,
      rejectedRecordsPerMinute: env.WEBHOOK_REJECTED_RECORDS_PER_MINUTE,
    },
    liveData: {
      ingestBodyLimitBytes: env.LIVE_DATA_BODY_LIMIT_BYTES,
      influx: env.INFLUX_URL
        ? {
            url: env.INFLUX_URL,
            database: env.INFLUX_DATABASE,
            username: env.INFLUX_USERNAME,
            password: env.INFLUX_PASSWORD,
            timeoutMs: env.INFLUX_TIMEOUT_MS,
          }
        : undefined,
    },
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      enterpriseDefaultPerMinute: env.ENTERPRISE_DEFAULT_PER_MINUTE,
      enterpriseDefaultPerDay: env.ENTERPRISE_DEFAULT_PER_DAY,
    },
    cypher: {
      timeoutMs: env.CYPHER_TIMEOUT_MS,
      maxRows: env.CYPHER_MAX_ROWS,
      maxHops: env.CYPHER_MAX_HOPS,
      maxShortestPathNodes: env.CYPHER_MAX_SHORTEST_PATH_NODES,
      threads: env.CYPHER_THREADS,
      graphCacheRecords: env.CYPHER_GRAPH_CACHE_RECORDS,
    },
    events: {
      enabled: env.CHANGE_FEED_ENABLED,
      retentionMs: env.EVENTS_RETENTION_DAYS * 86_400_000,
      streamHeartbeatMs: env.EVENTS_STREAM_HEARTBEAT_MS,
      streamStallMs: env.EVENTS_STREAM_STALL_MS,
      maxStreams: env.EVENTS_MAX_STREAMS,
      webhookTimeoutMs: env.EVENT_WEBHOOK_TIMEOUT_MS,
      webhookRetryMs: env.EVENT_WEBHOOK_RETRY_HOURS * 3_600_000,
      allowedCidrs: env.EVENT_WEBHOOK_ALLOWED_CIDRS,
    },
    graphql: {
      enabled: env.GRAPHQL_ENABLED,
      maxDepth: env.GRAPHQL_MAX_DEPTH,
      maxComplexity: env.GRAPHQL_MAX_COMPLEXITY,
    },
    neo4j:
      env.NEO4J_URI && env.NEO4J_PASSWORD
        ? {
            uri: env.NEO4J_URI,
            user: env.NEO4J_USER,
            password: env.NEO4J_PASSWORD,
            database: env.NEO4J_DATABASE,
            connectionTimeoutMs: env.NEO4J_CONNECTION_TIMEOUT_MS,
            acquisitionTimeoutMs: env.NEO4J_ACQUISITION_TIMEOUT_MS,
            maxRetryTimeMs: env.NEO4J_MAX_RETRY_TIME_MS,
          }
        : undefined,
    embeddings:
      env.EMBEDDINGS_URL && env.EMBEDDINGS_MODEL
        ? {
            url: env.EMBEDDINGS_URL,
            model: env.EMBEDDINGS_MODEL,
            apiKey: env.EMBEDDINGS_API_KEY,
            timeoutMs: env.EMBEDDINGS_TIMEOUT_MS,
          }
        : undefined,
    searchQueryCache: env.SEARCH_QUERY_CACHE,
    vectorStore:
      env.VECTOR_STORE ?? (env.QDRANT_URL ? 'qdrant' : env.NEO4J_URI ? 'neo4j' : 'sqlite'),
    qdrant: env.QDRANT_URL
      ? { url: env.QDRANT_URL, apiKey: env.QDRANT_API_KEY, collection: env.QDRANT_COLLECTION }
      : undefined,
    redis: env.REDIS_URL
      ? { url: env.REDIS_URL, commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS }
      : undefined,
    bootstrap: {
      workspaceId: env.BOOTSTRAP_WORKSPACE_ID,
      workspaceName: env.BOOTSTRAP_WORKSPACE_NAME,
      apiKey: env.BOOTSTRAP_API_KEY,
      plan: env.BOOTSTRAP_PLAN,
      userEmail: env.BOOTSTRAP_USER_EMAIL,
      userPassword: env.BOOTSTRAP_USER_PASSWORD,
    },
  };
}

/** Problems of variables that only make sense together. */
function relatedProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => (source[name] ?? '').trim() !== '';
  const problems: string[] = [];
  if (set('NEO4J_URI') && !set('NEO4J_PASSWORD')) {
    problems.push('NEO4J_PASSWORD: required when NEO4J_URI is set');
  }
  // A generated key file is private to one data directory; instances sharing one Neo4j
  // database must all decrypt what any of them stored.
  if (set('NEO4J_URI') && !set('SECRETS_KEY')) {
    problems.push(
      'SECRETS_KEY: required when NEO4J_URI is set (every instance must use the same key; ' +
        '`openssl rand -base64 32` makes one)',
    );
  }
  if (set('EMBEDDINGS_URL') && !set('EMBEDDINGS_MODEL')) {
    problems.push('EMBEDDINGS_MODEL: required when EMBEDDINGS_URL is set');
  }
  problems.push(...vectorStoreProblems(source));
  return problems;
}

/**
 * VECTOR_STORE against the engines it needs: `neo4j` keeps the vectors in the graph's
 * Neo4j (NEO4J_URI), `qdrant` in QDRANT_URL's Qdrant; a QDRANT_URL that another store
 * would leave unused is a mistake to report, not to ignore.
 */
function vectorStoreProblems(source: Record<string, string | undefined>): string[] {
  const value = (name: string) => (source[name] ?? '').trim();
  const store = value('VECTOR_STORE');
  const problems: string[] = [];
  if (store === 'neo4j' && value('NEO4J_URI') === '') {
    problems.push('VECTOR_STORE: neo4j keeps the vectors in the graph database; set NEO4J_URI');
  }
  if (store === 'qdrant' && value('QDRANT_URL') === '') {
    problems.push('VECTOR_STORE: qdrant needs QDRANT_URL');
  }
  if ((store === 'sqlite' || store === 'neo4j') && value('QDRANT_URL') !== '') {
    problems.push(
      `VECTOR_STORE: is ${store} but QDRANT_URL is set; unset QDRANT_URL or set VECTOR_STORE=qdrant`,
    );
  }
  return problems;
}
