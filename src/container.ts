import type { Logger } from 'pino';
import type { AppDeps } from './app';
import { ApiKeyService } from './auth/api-key-service';
import { ApiKeyVerifier } from './auth/api-key-verifier';
import { Authenticator } from './auth/authenticator';
import { RateLimiter } from './auth/rate-limiter';
import { SqliteApiKeyStore } from './adapters/sqlite/api-key-store';
import { SqliteGraphStore } from './adapters/sqlite/graph-store';
import { CommandService } from './commands/command-service';
import { openDatabase, SqliteHealthCheck } from './adapters/sqlite/database';
import { SqliteWorkspaceStore } from './adapters/sqlite/workspace-store';
import type { Config } from './config/load-config';
import { HttpMetrics } from './http/metrics';
import { defaultOpenApiPath } from './http/routes/system';
import { systemClock, type Clock } from './ports/clock';
import { GraphQueries } from './queries/graph-queries';

/** Idempotency-Key replay window (issue 3: 24 h). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The wired service: dependencies for the app plus a way to release resources. */
export interface Container {
  deps: AppDeps;
  close(): Promise<void>;
}

export interface ContainerOverrides {
  clock?: Clock;
  metrics?: HttpMetrics;
}

/**
 * Composition root: picks adapters from config and wires everything by constructor.
 * The embedded default (SQLite) is the only engine so far.
 */
export function createContainer(
  config: Config,
  logger: Logger,
  overrides: ContainerOverrides = {},
): Container {
  const clock = overrides.clock ?? systemClock;
  const db = openDatabase({ filename: config.sqlitePath });
  const workspaces = new SqliteWorkspaceStore(db);
  const apiKeyStore = new SqliteApiKeyStore(db);
  const apiKeys = new ApiKeyService(apiKeyStore, clock);
  const authenticator = new Authenticator([new ApiKeyVerifier(apiKeyStore, clock)]);
  const graph = new SqliteGraphStore(db);

  const deps: AppDeps = {
    logger,
    clock,
    metrics: overrides.metrics ?? new HttpMetrics(),
    authenticator,
    rateLimiter: new RateLimiter(),
    workspaces,
    apiKeys,
    commands: new CommandService(graph, clock, {
      historyDepth: config.commandHistoryDepth,
      idempotencyTtlMs: IDEMPOTENCY_TTL_MS,
    }),
    queries: new GraphQueries(graph),
    healthChecks: [new SqliteHealthCheck(db)],
    http: {
      bodyLimitBytes: config.bodyLimitBytes,
      trustProxy: config.trustProxy,
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
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}
