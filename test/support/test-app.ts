import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import { bootstrapIfEmpty } from '../../src/auth/bootstrap';
import { loadConfig, type Config } from '../../src/config/load-config';
import { createContainer, type Container, type ContainerOverrides } from '../../src/container';
import { HttpMetrics } from '../../src/http/metrics';
import { createLogger } from '../../src/logger';
import type { Clock } from '../../src/ports/clock';
import type { Embedder } from '../../src/ports/embedder';
import { HashEmbedder } from './hash-embedder';
import { ManualClock } from './manual-clock';
import { recordResponses } from './openapi';

/** A running app over a fresh SQLite file in a temp dir, with its bootstrap credentials. */
export interface TestApp {
  /**
   * The app, wrapped so that every response is validated against docs/api/openapi.yaml;
   * a test during which a response does not match fails (test/support/validate-responses.setup.ts).
   */
  app: Express;
  container: Container;
  config: Config;
  clock: Clock;
  /** Admin key (all scopes) of the bootstrap workspace. */
  apiKey: string;
  workspaceId: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse an existing data dir (restart tests). */
  dataDir?: string;
  /**
   * The search embedder: the deterministic hash embedder unless given; `'configured'`
   * uses what the config selects (the bundled model by default), as `main.ts` does.
   */
  embedder?: Embedder | 'configured';
  /** Wraps the vector index (search outage tests). */
  vectorIndex?: ContainerOverrides['vectorIndex'];
  /** Search indexer timing. */
  indexer?: ContainerOverrides['indexer'];
}

/**
 * Builds the app exactly as `main.ts` does, on a temp data dir, with logging silenced.
 * Every response it sends is checked against the OpenAPI document.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wos-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const clock = options.clock ?? new ManualClock(Date.now());
  const container = createContainer(config, createLogger('silent'), {
    clock,
    metrics: new HttpMetrics({ collectDefaults: false }),
    ...(options.embedder === 'configured'
      ? {}
      : { embedder: options.embedder ?? new HashEmbedder() }),
    ...(options.vectorIndex ? { vectorIndex: options.vectorIndex } : {}),
    ...(options.indexer ? { indexer: options.indexer } : {}),
  });
  const boot = await bootstrapIfEmpty(
    container.deps.workspaces,
    container.deps.apiKeys,
    clock,
    config.bootstrap,
  );
  if (!boot) {
    throw new Error(
      'createTestApp expects an empty data dir; build a container directly to test restarts',
    );
  }
  const app = recordResponses(createApp(container.deps));
  return {
    app,
    container,
    config,
    clock,
    apiKey: boot.apiKey,
    workspaceId: boot.workspace.id,
    dataDir,
    close: async () => {
      await container.close();
      if (!options.dataDir) {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** `Authorization` and `x-workspace-id` headers for a key in a workspace. */
export function authHeaders(apiKey: string, workspaceId?: string): Record<string, string> {
  return {
    Authorization: `Bearer ${apiKey}`,
    ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}),
  };
}
