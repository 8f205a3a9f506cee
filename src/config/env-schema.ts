import { z } from 'zod';
import {
  emailProblem,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
} from '../domain/user';
import { PLANS } from '../domain/workspace';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const positiveInt = (name: string, fallback: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .positive(`${name} must be positive`)
    .default(fallback);

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

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

/**
 * Every environment variable the service reads. Nothing else in the code base reads
 * `process.env`; see `loadConfig`.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be an integer')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: positiveInt('BODY_LIMIT_BYTES', 1_048_576),
  BATCH_BODY_LIMIT_BYTES: positiveInt('BATCH_BODY_LIMIT_BYTES', 16_777_216),
  TRUST_PROXY: booleanFlag(false),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'PUBLIC_URL must be a URL' }).optional()),
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
  RATE_LIMIT_ENABLED: booleanFlag(true),
  // GraphQL mirror (docs/graphql.md).
  GRAPHQL_ENABLED: booleanFlag(true),
  GRAPHQL_MAX_DEPTH: positiveInt('GRAPHQL_MAX_DEPTH', 8).pipe(
    z.number().max(50, 'GRAPHQL_MAX_DEPTH must be at most 50'),
  ),
  GRAPHQL_MAX_COMPLEXITY: positiveInt('GRAPHQL_MAX_COMPLEXITY', 5000),
  ENTERPRISE_DEFAULT_PER_MINUTE: positiveInt('ENTERPRISE_DEFAULT_PER_MINUTE', 10_000),
  ENTERPRISE_DEFAULT_PER_DAY: positiveInt('ENTERPRISE_DEFAULT_PER_DAY', 10_000_000),
  COMMAND_HISTORY_DEPTH: positiveInt('COMMAND_HISTORY_DEPTH', 100).pipe(
    z.number().max(10_000, 'COMMAND_HISTORY_DEPTH must be at most 10000'),
  ),
  // Webhooks (issue 6, docs/webhooks.md).
  WEBHOOK_SECRET_GRACE_SECONDS: z.coerce
    .number({ message: 'WEBHOOK_SECRET_GRACE_SECONDS must be a number' })
    .int('WEBHOOK_SECRET_GRACE_SECONDS must be an integer')
    .min(0, 'WEBHOOK_SECRET_GRACE_SECONDS must not be negative')
    .max(604_800, 'WEBHOOK_SECRET_GRACE_SECONDS must be at most 604800 (7 days)')
    .default(86_400),
  WEBHOOK_CONCURRENCY_PER_WORKSPACE: positiveInt('WEBHOOK_CONCURRENCY_PER_WORKSPACE', 10),
  WEBHOOK_PROCESSING_TIMEOUT_MS: positiveInt('WEBHOOK_PROCESSING_TIMEOUT_MS', 30_000),
  WEBHOOK_EVENT_RETENTION_DAYS: positiveInt('WEBHOOK_EVENT_RETENTION_DAYS', 30),
  WEBHOOK_REJECTED_RECORDS_PER_MINUTE: z.coerce
    .number({ message: 'WEBHOOK_REJECTED_RECORDS_PER_MINUTE must be a number' })
    .int('WEBHOOK_REJECTED_RECORDS_PER_MINUTE must be an integer')
    .min(0, 'WEBHOOK_REJECTED_RECORDS_PER_MINUTE must not be negative')
    .default(60),
  // Live data (docs/live-data.md): InfluxDB 1.x when INFLUX_URL is set, else embedded SQLite.
  INFLUX_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, message: 'INFLUX_URL must be an http(s) URL' }).optional(),
  ),
  INFLUX_DATABASE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'INFLUX_DATABASE must be 1-64 letters, digits, _ or -')
    .default('ontology'),
  INFLUX_USERNAME: optionalString,
  INFLUX_PASSWORD: optionalString,
  INFLUX_TIMEOUT_MS: positiveInt('INFLUX_TIMEOUT_MS', 5000),
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
  NEO4J_CONNECTION_TIMEOUT_MS: positiveInt('NEO4J_CONNECTION_TIMEOUT_MS', 3000),
  NEO4J_ACQUISITION_TIMEOUT_MS: positiveInt('NEO4J_ACQUISITION_TIMEOUT_MS', 5000),
  NEO4J_MAX_RETRY_TIME_MS: positiveInt('NEO4J_MAX_RETRY_TIME_MS', 3000),
  // Search (docs/search.md): an OpenAI-compatible embeddings endpoint instead of the bundled
  // model when EMBEDDINGS_URL is set; Qdrant instead of sqlite-vec when QDRANT_URL is set.
  EMBEDDINGS_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, message: 'EMBEDDINGS_URL must be an http(s) URL' }).optional(),
  ),
  EMBEDDINGS_MODEL: optionalString,
  EMBEDDINGS_API_KEY: optionalString,
  EMBEDDINGS_TIMEOUT_MS: positiveInt('EMBEDDINGS_TIMEOUT_MS', 30_000),
  QDRANT_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, message: 'QDRANT_URL must be an http(s) URL' }).optional(),
  ),
  QDRANT_API_KEY: optionalString,
  QDRANT_COLLECTION: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,255}$/, 'QDRANT_COLLECTION must be 1-255 letters, digits, _ or -')
    .default('ontology_nodes'),
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
