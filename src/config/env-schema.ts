import { z } from 'zod';
import {
  emailProblem,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
} from '../domain/user';
import { PLANS } from '../domain/workspace';
import { parseCidr } from '../domain/ip-ranges';
import { propertyIndexProblem } from '../filters/indexes';
import { KEY_FORMAT, parseSecretKey } from '../secrets/key-text';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** Largest delay `setTimeout` honours (about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

interface IntegerRule {
  /** Smallest accepted value (default 1). */
  min?: number;
  /** Largest accepted value (default: the largest exact integer). */
  max?: number;
  /** Shown after "at most <max>", e.g. "(7 days)". */
  maxNote?: string;
}

/**
 * An integer written in decimal digits, such as `8080`. Anything else is refused, so that
 * `0x1F90`, `1e3` or `12abc` do not slip through as numbers. An empty value counts as unset
 * and takes the default.
 */
const integer = (name: string, fallback: number, rule: IntegerRule = {}) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? '';
      if (text === '') {
        return fallback;
      }
      const min = rule.min ?? 1;
      const max = rule.max ?? Number.MAX_SAFE_INTEGER;
      const problem = (message: string) => {
        ctx.addIssue({ code: 'custom', message: `${name} ${message}` });
        return z.NEVER;
      };
      if (!/^[+-]?\d+$/.test(text)) {
        return problem(
          /^[+-]?(\d+\.\d*|\.\d+)$/.test(text) ? 'must be an integer' : 'must be a number',
        );
      }
      const value = Number(text);
      if (value < min) {
        return problem(
          min === 1
            ? 'must be positive'
            : min === 0
              ? 'must not be negative'
              : `must be at least ${min}`,
        );
      }
      if (value > max) {
        return problem(`must be at most ${max}${rule.maxNote ? ` ${rule.maxNote}` : ''}`);
      }
      return value;
    });

/** An integer of at least 1. */
const positiveInt = (name: string, fallback: number, rule: Omit<IntegerRule, 'min'> = {}) =>
  integer(name, fallback, rule);

/** A duration in milliseconds, bounded so that a timer really waits that long. */
const durationMs = (name: string, fallback: number, min = 1) =>
  integer(name, fallback, { min, max: MAX_TIMER_MS, maxNote: '(about 24 days)' });

/** An http(s) URL; empty counts as unset. */
const httpUrl = (name: string) =>
  optionalString.pipe(
    z.url({ protocol: /^https?$/, message: `${name} must be an http(s) URL` }).optional(),
  );

/** A URL other URLs are built on: no query, fragment or credentials. */
function isBaseUrl(value: string): boolean {
  if (!URL.canParse(value)) {
    return true; // reported as "not an http(s) URL" already
  }
  const url = new URL(value);
  return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

const booleanFlag = (fallback: boolean) =>
  optionalString.pipe(
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
  message: 'must be a UUID',
});

/** `*`, or a bare origin (`scheme://host[:port]`, no path) as browsers send it. */
function isOrigin(value: string): boolean {
  if (value === '*') {
    return true;
  }
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** A comma-separated list of property keys to index for list filters (docs/filters.md). */
const propertyKeys = (kind: 'node' | 'edge') =>
  z
    .string()
    .default('')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k !== ''),
      ),
    ])
    .superRefine((keys, ctx) => {
      const problem = propertyIndexProblem(kind, keys);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
      }
    });

/**
 * A secrets key (docs/webhooks.md, "Secrets at rest"). Messages never repeat the value:
 * start-up errors end up in logs.
 */
const secretKey = (name: string) =>
  optionalString.transform((raw, ctx) => {
    if (raw === undefined) {
      return undefined;
    }
    const key = parseSecretKey(raw);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ${KEY_FORMAT}` });
      return z.NEVER;
    }
    return key;
  });

/** Comma-separated previous secrets keys, each checked like SECRETS_KEY. */
const secretKeyList = (name: string) =>
  z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const texts = raw
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '');
      const keys: Buffer[] = [];
      texts.forEach((text, index) => {
        const key = parseSecretKey(text);
        if (key) {
          keys.push(key);
        } else {
          const which =
            texts.length === 1 ? name : `key ${index + 1} of ${texts.length} in ${name}`;
          ctx.addIssue({ code: 'custom', message: `${which} must be ${KEY_FORMAT}` });
        }
      });
      return keys;
    });

/** Where search vectors live (docs/search.md "Vector indexes"). */
export const VECTOR_STORES = ['sqlite', 'neo4j', 'qdrant'] as const;
export type VectorStore = (typeof VECTOR_STORES)[number];

/**
 * Every environment variable the service reads. Nothing else in the code base reads
 * `process.env`; see `loadConfig`.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer('PORT', 3000, { min: 0, max: 65535 }),
  HOST: z.string().trim().min(1, 'HOST must not be empty').default('127.0.0.1'),
  DATA_DIR: z
    .string()
    .refine((v) => v.trim() !== '', 'DATA_DIR must not be empty')
    .default('./data'),
  // Graceful shutdown (docs/http-conventions.md, "Shutdown").
  SHUTDOWN_DELAY_MS: durationMs('SHUTDOWN_DELAY_MS', 0, 0),
  SHUTDOWN_TIMEOUT_MS: durationMs('SHUTDOWN_TIMEOUT_MS', 10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: positiveInt('BODY_LIMIT_BYTES', 1_048_576),
  // Slow clients (docs/http-conventions.md, "Timeouts"): the request line and headers must
  // arrive within the first, a request body within the second once a route reads it.
  HTTP_HEADERS_TIMEOUT_MS: positiveInt('HTTP_HEADERS_TIMEOUT_MS', 10_000),
  HTTP_BODY_TIMEOUT_MS: positiveInt('HTTP_BODY_TIMEOUT_MS', 30_000),
  HTTP_RESPONSE_STALL_TIMEOUT_MS: positiveInt('HTTP_RESPONSE_STALL_TIMEOUT_MS', 120_000),
  BATCH_BODY_LIMIT_BYTES: positiveInt('BATCH_BODY_LIMIT_BYTES', 16_777_216),
  // The longest a GET /api/export may stream (it holds a read snapshot meanwhile).
  EXPORT_TIME_LIMIT_MS: positiveInt('EXPORT_TIME_LIMIT_MS', 1_800_000),
  TRUST_PROXY: booleanFlag(false),
  PUBLIC_URL: httpUrl('PUBLIC_URL').refine((v) => v === undefined || isBaseUrl(v), {
    message: 'PUBLIC_URL must be a base URL, without query, fragment or credentials',
  }),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .refine((origins) => origins.every(isOrigin), {
      message: 'must be * or comma-separated origins such as https://app.example.com',
    }),
  METRICS_TOKEN: optionalString,
  // Frequently filtered property keys, each served by an index (docs/filters.md).
  NODE_PROPERTY_INDEXES: propertyKeys('node'),
  EDGE_PROPERTY_INDEXES: propertyKeys('edge'),
  RATE_LIMIT_ENABLED: booleanFlag(true),
  // Analyst Cypher at POST /api/queries/cypher (docs/cypher.md, "Limits").
  CYPHER_TIMEOUT_MS: durationMs('CYPHER_TIMEOUT_MS', 5_000),
  CYPHER_MAX_ROWS: positiveInt('CYPHER_MAX_ROWS', 1_000, { max: 100_000 }),
  CYPHER_MAX_HOPS: positiveInt('CYPHER_MAX_HOPS', 5, { max: 20 }),
  CYPHER_MAX_SHORTEST_PATH_NODES: positiveInt('CYPHER_MAX_SHORTEST_PATH_NODES', 200_000, {
    max: 10_000_000,
  }),
  CYPHER_THREADS: positiveInt('CYPHER_THREADS', 2, { max: 64 }),
  CYPHER_GRAPH_CACHE_RECORDS: integer('CYPHER_GRAPH_CACHE_RECORDS', 1_000_000, {
    min: 0,
    max: 50_000_000,
  }),
  // GraphQL mirror (docs/graphql.md).
  GRAPHQL_ENABLED: booleanFlag(true),
  GRAPHQL_MAX_DEPTH: positiveInt('GRAPHQL_MAX_DEPTH', 8, { max: 50 }),
  GRAPHQL_MAX_COMPLEXITY: positiveInt('GRAPHQL_MAX_COMPLEXITY', 5000),
  ENTERPRISE_DEFAULT_PER_MINUTE: positiveInt('ENTERPRISE_DEFAULT_PER_MINUTE', 10_000),
  ENTERPRISE_DEFAULT_PER_DAY: positiveInt('ENTERPRISE_DEFAULT_PER_DAY', 10_000_000),
  COMMAND_HISTORY_DEPTH: positiveInt('COMMAND_HISTORY_DEPTH', 100, { max: 10_000 }),
  // Webhooks (docs/webhooks.md).
  // Secrets at rest (docs/webhooks.md): the key connector secrets are encrypted with.
  SECRETS_KEY: secretKey('SECRETS_KEY'),
  SECRETS_KEY_PREVIOUS: secretKeyList('SECRETS_KEY_PREVIOUS'),
  WEBHOOK_SECRET_GRACE_SECONDS: integer('WEBHOOK_SECRET_GRACE_SECONDS', 86_400, {
    min: 0,
    max: 604_800,
    maxNote: '(7 days)',
  }),
  WEBHOOK_CONCURRENCY_PER_WORKSPACE: positiveInt('WEBHOOK_CONCURRENCY_PER_WORKSPACE', 10),
  WEBHOOK_PROCESSING_TIMEOUT_MS: durationMs('WEBHOOK_PROCESSING_TIMEOUT_MS', 30_000),
  // Bounded so that "now minus the retention" stays a valid date.
  WEBHOOK_EVENT_RETENTION_DAYS: positiveInt('WEBHOOK_EVENT_RETENTION_DAYS', 30, {
    max: 36_500,
    maxNote: '(100 years)',
  }),
  WEBHOOK_REJECTED_RECORDS_PER_MINUTE: integer('WEBHOOK_REJECTED_RECORDS_PER_MINUTE', 60, {
    min: 0,
  }),
  // The change feed and outbound webhook subscriptions (docs/events.md).
  CHANGE_FEED_ENABLED: booleanFlag(true),
  EVENTS_RETENTION_DAYS: positiveInt('EVENTS_RETENTION_DAYS', 30, {
    max: 36_500,
    maxNote: '(100 years)',
  }),
  EVENTS_STREAM_HEARTBEAT_MS: durationMs('EVENTS_STREAM_HEARTBEAT_MS', 15_000, 100),
  EVENTS_STREAM_STALL_MS: durationMs('EVENTS_STREAM_STALL_MS', 30_000, 100),
  EVENTS_MAX_STREAMS: positiveInt('EVENTS_MAX_STREAMS', 1000, { max: 100_000 }),
  EVENT_WEBHOOK_TIMEOUT_MS: durationMs('EVENT_WEBHOOK_TIMEOUT_MS', 10_000, 100),
  EVENT_WEBHOOK_RETRY_HOURS: positiveInt('EVENT_WEBHOOK_RETRY_HOURS', 72, {
    max: 720,
    maxNote: '(30 days)',
  }),
  EVENT_WEBHOOK_ALLOWED_CIDRS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    )
    .refine((cidrs) => cidrs.every((c) => parseCidr(c) !== null), {
      message: 'must be comma-separated IP ranges such as 127.0.0.1/32 or 10.0.0.0/8',
    }),
  // Live data (docs/live-data.md): InfluxDB 1.x when INFLUX_URL is set, else embedded SQLite.
  INFLUX_URL: httpUrl('INFLUX_URL'),
  INFLUX_DATABASE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'INFLUX_DATABASE must be 1-64 letters, digits, _ or -')
    .default('ontology'),
  INFLUX_USERNAME: optionalString,
  INFLUX_PASSWORD: optionalString,
  INFLUX_TIMEOUT_MS: durationMs('INFLUX_TIMEOUT_MS', 5000),
  LIVE_DATA_BODY_LIMIT_BYTES: positiveInt('LIVE_DATA_BODY_LIMIT_BYTES', 4_194_304),
  // Neo4j (docs/neo4j.md): graph, command log, workspaces and API keys when NEO4J_URI is set.
  NEO4J_URI: optionalString.pipe(
    z
      .url({
        protocol: /^(bolt|neo4j)(\+s|\+ssc)?$/,
        message: 'NEO4J_URI must be a bolt://, neo4j:// (or +s, +ssc) URI',
      })
      .optional(),
  ),
  NEO4J_USER: z.string().min(1, 'NEO4J_USER must not be empty').default('neo4j'),
  NEO4J_PASSWORD: optionalString,
  NEO4J_DATABASE: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9.-]{2,62}$/, 'NEO4J_DATABASE must be a Neo4j database name')
      .optional(),
  ),
  NEO4J_CONNECTION_TIMEOUT_MS: durationMs('NEO4J_CONNECTION_TIMEOUT_MS', 3000),
  NEO4J_ACQUISITION_TIMEOUT_MS: durationMs('NEO4J_ACQUISITION_TIMEOUT_MS', 5000),
  NEO4J_MAX_RETRY_TIME_MS: durationMs('NEO4J_MAX_RETRY_TIME_MS', 3000),
  // Search (docs/search.md): an OpenAI-compatible embeddings endpoint instead of the bundled
  // model when EMBEDDINGS_URL is set; the vector store by VECTOR_STORE (see loadConfig).
  EMBEDDINGS_URL: httpUrl('EMBEDDINGS_URL'),
  EMBEDDINGS_MODEL: optionalString,
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_TIMEOUT_MS: durationMs('EMBEDDINGS_TIMEOUT_MS', 30_000),
  // Query texts whose vectors are kept for searches sent again (0: none).
  SEARCH_QUERY_CACHE: integer('SEARCH_QUERY_CACHE', 1000, { min: 0, max: 1_000_000 }),
  VECTOR_STORE: optionalString.pipe(
    z.enum(VECTOR_STORES, { message: `must be one of ${VECTOR_STORES.join(', ')}` }).optional(),
  ),
  QDRANT_URL: httpUrl('QDRANT_URL'),
  QDRANT_API_KEY: optionalString,
  QDRANT_COLLECTION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,255}$/, 'QDRANT_COLLECTION must be 1-255 letters, digits, _ or -')
    .default('ontology_nodes'),
  // Redis (docs/operations.md "Several instances"): shared rate limits, sign-in throttle,
  // webhook slots and cache invalidation when REDIS_URL is set; in-process otherwise.
  REDIS_URL: optionalString.pipe(
    z
      .url({
        protocol: /^rediss?$/,
        message: 'REDIS_URL must be a redis:// or rediss:// URL',
      })
      .optional(),
  ),
  REDIS_COMMAND_TIMEOUT_MS: durationMs('REDIS_COMMAND_TIMEOUT_MS', 500),
  BOOTSTRAP_WORKSPACE_ID: optionalString.pipe(uuid.optional()),
  BOOTSTRAP_WORKSPACE_NAME: z.string().min(1).max(200).default('Default workspace'),
  BOOTSTRAP_API_KEY: optionalString.pipe(
    z.string().min(32, 'BOOTSTRAP_API_KEY must be at least 32 characters').optional(),
  ),
  BOOTSTRAP_PLAN: z
    .enum(PLANS, { message: `must be one of ${PLANS.join(', ')}` })
    .default('starter'),
  BOOTSTRAP_USER_EMAIL: optionalString.pipe(
    z
      .string()
      .refine((v) => emailProblem(normalizeEmail(v)) === null, 'must be an email address')
      .optional(),
  ),
  BOOTSTRAP_USER_PASSWORD: optionalString.pipe(
    z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;
