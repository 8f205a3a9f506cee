import path from 'node:path';
import { envSchema, type Env } from './env-schema';

/** The validated, typed configuration the rest of the service receives. */
export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  sqlitePath: string;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  trustProxy: boolean;
  publicUrl: string | undefined;
  metricsToken: string | undefined;
  /** Undoable commands kept per actor and workspace. */
  commandHistoryDepth: number;
  rateLimit: {
    enabled: boolean;
    enterpriseDefaultPerMinute: number;
    enterpriseDefaultPerDay: number;
  };
  bootstrap: {
    workspaceId: string | undefined;
    workspaceName: string;
    apiKey: string | undefined;
    plan: Env['BOOTSTRAP_PLAN'];
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
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.') || '(environment)';
      return `${variable}: ${issue.message}`;
    });
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
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL,
    metricsToken: env.METRICS_TOKEN,
    commandHistoryDepth: env.COMMAND_HISTORY_DEPTH,
    rateLimit: {
      enabled: env.RATE_LIMIT_ENABLED,
      enterpriseDefaultPerMinute: env.ENTERPRISE_DEFAULT_PER_MINUTE,
      enterpriseDefaultPerDay: env.ENTERPRISE_DEFAULT_PER_DAY,
    },
    bootstrap: {
      workspaceId: env.BOOTSTRAP_WORKSPACE_ID,
      workspaceName: env.BOOTSTRAP_WORKSPACE_NAME,
      apiKey: env.BOOTSTRAP_API_KEY,
      plan: env.BOOTSTRAP_PLAN,
    },
  };
}
