import fs from 'node:fs';
import pino from 'pino';
import { prepareDataDir } from '../config/data-dir';
import { loadConfig } from '../config/load-config';
import { createContainer, type Container } from '../container';
import { HttpMetrics } from '../http/metrics';
import { createLogger } from '../logger';
import { createCliDeps } from './command';
import { processOutput } from './output';
import { EXIT_FAILURE, runCli } from './run';
import { storeNotice, StoreNotFoundError } from './store';

/**
 * Entry of the operator CLI (`npm run cli -- <command>`, `node dist/cli/main.js`): the
 * same config and container as the server, so it works on the same store.
 */
async function main(): Promise<number> {
  const opened: Container[] = [];
  try {
    return await runCli(process.argv.slice(2), {
      output: processOutput,
      open: ({ create }) => {
        const config = loadConfig();
        // Run without the server's DATA_DIR, the CLI would otherwise create an empty store
        // in ./data and report the workspace missing: commands that need data refuse.
        const existed = fs.existsSync(config.sqlitePath);
        if (!existed && !create && !config.neo4j) {
          throw new StoreNotFoundError(config.sqlitePath, config.dataDir);
        }
        prepareDataDir(config.dataDir, config.sqlitePath);
        // Logs (if any) go to stderr so stdout stays the command's output.
        const logger = createLogger(config.logLevel, pino.destination({ dest: 2, sync: true }));
        const container = createContainer(config, logger, {
          metrics: new HttpMetrics({ collectDefaults: false }),
          // One-shot: no background indexing; `reindex` runs the indexer itself.
          startIndexer: false,
        });
        opened.push(container);
        return Promise.resolve(createCliDeps(container.deps, storeNotice(config, existed)));
      },
    });
  } finally {
    await Promise.all(opened.map((container) => container.close()));
  }
}

// `... | head` closes the pipe before everything is written; that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') {
    process.exit(process.exitCode ?? 0);
  }
  throw error;
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT_FAILURE;
  },
);
