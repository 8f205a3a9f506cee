import type { Logger } from 'pino';
import { createApp, subscriptionServerDeps } from './app';
import { attachGraphQLSubscriptions } from './graphql/subscriptions';
import { bootstrapIfEmpty, type BootstrapResult } from './auth/bootstrap';
import { DataDirError, prepareDataDir } from './config/data-dir';
import { ConfigError, loadConfig, type Config } from './config/load-config';
import { createContainer, type Container } from './container';
import { hostPort, listen, ListenError } from './http/listen';
import { createHttpServer } from './http/server';
import { asyncStdout, createLogger, type StdoutDestination } from './logger';
import type { KeySource } from './secrets/key-ring';
import { resealInBackground } from './secrets/reseal';
import { GracefulShutdown } from './lifecycle/shutdown';
import { untilStoresAnswer } from './lifecycle/wait-for-stores';

/** Longest wait for the last log lines before exiting anyway (stdout may be stuck). */
const LOG_DRAIN_BOUND_MS = 2000;

/** Loads the config and checks DATA_DIR; on a problem, one message on stderr and exit 1. */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    prepareDataDir(config.dataDir, config.sqlitePath);
    return config;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Builds the container; an unusable key file in DATA_DIR is one message on stderr and exit 1. */
function containerOrExit(config: Config, logger: Logger): Container {
  try {
    return createContainer(config, logger);
  } catch (error) {
    if (error instanceof DataDirError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Exits with `code` once the log lines written so far are out (bounded). */
function exitAfterLogs(destination: StdoutDestination, code: number): void {
  const timer = setTimeout(() => process.exit(code), LOG_DRAIN_BOUND_MS);
  void destination.drained().then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}

/**
 * Reports an error `main` did not handle itself (a store that cannot be opened, a schema
 * folder missing from a deployment) and exits 1: a fatal log line once the logger exists,
 * one line on stderr before. Never an unhandled rejection, which would only print a stack.
 */
let failStartUp = (error: unknown): void => {
  process.stderr.write(
    `start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
};

async function main(): Promise<void> {
  const config = configOrExit();
  const destination = asyncStdout();
  const logger = createLogger(config.logLevel, destination);
  const exit = (code: number) => exitAfterLogs(destination, code);
  failStartUp = (error) => {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: error }, `start-up failed: ${message}`);
    exit(1);
  };
  const container = containerOrExit(config, logger);
  const { deps } = container;

  // With NEO4J_URI set, Neo4j may still be starting: wait for it rather than exit.
  const boot = await untilStoresAnswer(
    () =>
      bootstrapIfEmpty(
        deps.workspaces,
        deps.apiKeys,
        deps.clock,
        config.bootstrap,
        deps.oauth.users,
      ),
    logger,
  );
  if (boot) {
    printFirstStart(boot, config, deps.secrets.source);
  }
  // Plaintext secrets from before encryption, and secrets under a previous key, are
  // rewritten under the current key in small chunks while the service serves requests.
  resealInBackground(deps.secrets.resealer, logger);

  await container.connected();
  const server = createHttpServer(createApp(deps), config.timeouts, logger);
  // GraphQL subscriptions (graphql-ws) on the same port and path as GraphQL over HTTP. Their
  // sockets are closed when draining starts (clients resume elsewhere from their cursor), so
  // that they do not hold the shutdown until its timeout.
  const subscriptions = attachGraphQLSubscriptions(server, subscriptionServerDeps(deps));
  deps.lifecycle.draining.addEventListener('abort', () => void subscriptions.close(), {
    once: true,
  });
  let port: number;
  try {
    port = await listen(server, config.port, config.host);
  } catch (error) {
    if (!(error instanceof ListenError)) {
      throw error;
    }
    const code = (error.cause as NodeJS.ErrnoException).code;
    logger.fatal({ address: error.address, code }, error.message);
    exit(1);
    return;
  }
  logger.info({ host: config.host, port, dataDir: config.dataDir }, 'listening');
  server.on('error', (error) => {
    logger.fatal({ err: error, address: hostPort(config.host, port) }, 'server error');
    exit(1);
  });

  const shutdown = new GracefulShutdown({
    server,
    logger,
    lifecycle: deps.lifecycle,
    delayMs: config.shutdown.delayMs,
    timeoutMs: config.shutdown.timeoutMs,
    release: () => container.close(),
    exit,
  });
  process.on('SIGINT', () => void shutdown.stop('SIGINT'));
  process.on('SIGTERM', () => void shutdown.stop('SIGTERM'));
}

/** Printed once, on the first start only, straight to the terminal (not the JSON log). */
function printFirstStart(boot: BootstrapResult, config: Config, keys: KeySource): void {
  process.stdout.write(
    [
      '',
      'First start: created a workspace, an admin API key and a demo user (shown only now).',
      `  workspace id: ${boot.workspace.id}  (plan ${boot.workspace.plan})`,
      `  admin key:    ${boot.apiKey}`,
      ...(boot.user
        ? [
            `  demo user:    ${boot.user.email}  password: ${
              boot.user.generatedPassword ? boot.user.password : '(BOOTSTRAP_USER_PASSWORD)'
            }`,
            '  (sign in with it on the OAuth pages: see docs/oauth.md)',
          ]
        : []),
      ...(keys.kind === 'file' && keys.created
        ? [
            `  secrets key:  generated in ${keys.path} (SECRETS_KEY is not set)`,
            '  (back it up with the data, or set SECRETS_KEY to its content: without it the',
            '  webhook connector secrets cannot be decrypted; see docs/webhooks.md)',
          ]
        : []),
      '',
      'Try:',
      `  curl -H "Authorization: Bearer ${boot.apiKey}" http://127.0.0.1:${config.port}/api/me`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => failStartUp(error));
