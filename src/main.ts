import { createApp } from './app';
import { bootstrapIfEmpty } from './auth/bootstrap';
import { ConfigError, loadConfig } from './config/load-config';
import { createContainer } from './container';
import { createHttpServer } from './http/server';
import { asyncStdout, createLogger } from './logger';
import { untilStoresAnswer } from './wait-for-stores';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, asyncStdout());
  const container = createContainer(config, logger);
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
    // Printed once, on the first start only, straight to the terminal (not the JSON log).
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
        '',
        'Try:',
        `  curl -H "Authorization: Bearer ${boot.apiKey}" http://127.0.0.1:${config.port}/api/me`,
        '',
      ].join('\n') + '\n',
    );
  }

  const app = createApp(deps);
  const server = createHttpServer(app, config.timeouts, logger);
  server.listen(config.port, config.host, () => {
    logger.info({ host: config.host, port: config.port, dataDir: config.dataDir }, 'listening');
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'server error');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      void container.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
