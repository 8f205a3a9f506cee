import { z } from 'zod';
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
  TRUST_PROXY: booleanFlag(false),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'PUBLIC_URL must be a URL' }).optional()),
  METRICS_TOKEN: optionalString,
  RATE_LIMIT_ENABLED: booleanFlag(true),
  ENTERPRISE_DEFAULT_PER_MINUTE: positiveInt('ENTERPRISE_DEFAULT_PER_MINUTE', 10_000),
  ENTERPRISE_DEFAULT_PER_DAY: positiveInt('ENTERPRISE_DEFAULT_PER_DAY', 10_000_000),
  COMMAND_HISTORY_DEPTH: positiveInt('COMMAND_HISTORY_DEPTH', 100).pipe(
    z.number().max(10_000, 'COMMAND_HISTORY_DEPTH must be at most 10000'),
  ),
  BOOTSTRAP_WORKSPACE_ID: optionalString.pipe(uuid.optional()),
  BOOTSTRAP_WORKSPACE_NAME: z.string().min(1).max(200).default('Default workspace'),
  BOOTSTRAP_API_KEY: optionalString.pipe(
    z.string().min(32, 'BOOTSTRAP_API_KEY must be at least 32 characters').optional(),
  ),
  BOOTSTRAP_PLAN: z
    .enum(PLANS, { message: `must be one of ${PLANS.join(', ')}` })
    .default('starter'),
});

export type Env = z.infer<typeof envSchema>;
