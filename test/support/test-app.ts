import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import { bootstrapIfEmpty, bootstrapWorkspace } from '../../src/auth/bootstrap';
import { loadConfig, type Config } from '../../src/config/load-config';
import { createContainer, type Container, type ContainerOverrides } from '../../src/container';
import { HttpMetrics } from '../../src/http/metrics';
import { createLogger } from '../../src/logger';
import type { Clock } from '../../src/ports/clock';
import type { Embedder } from '../../src/ports/embedder';
import { HashEmbedder } from './hash-embedder';
import { ManualClock } from './manual-clock';
import { neo4jTarget, purge } from './neo4j';
import { recordResponses } from './openapi';
import { engineEnv } from './test-engine';

/**
 * A running app with its bootstrap credentials: over a fresh SQLite file in a temp dir, or
 * (in the e2e-neo4j project) on the run's Neo4j in a workspace of its own.
 */
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
  /** Wraps the real webhook ingestor (a gate, a slow dependency). */
  webhookIngestor?: ContainerOverrides['webhookIngestor'];
}

/**
 * Builds the app exactly as `main.ts` does, on a temp data dir, with logging silenced, on
 * the test project's engine (test/support/test-engine.ts). Every response it sends is
 * checked against the OpenAPI document.
 *
 * On the embedded default the store is new, and bootstrapped as a first start does. On
 * Neo4j the server is shared by the whole run: the app gets a workspace and admin key of
 * its own as a first start would make them, and `close` removes every workspace created
 * through it.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wos-test-'));
  const config = loadConfig({
    ...engineEnv(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = options.clock ?? new ManualClock(Date.now());
  const container = createContainer(config, createLogger('silent'), {
    clock,
    metrics: new HttpMetrics({ collectDefaults: false }),
    ...(options.embedder === 'configured'
      ? {}
      : { embedder: options.embedder ?? new HashEmbedder() }),
    ...(options.vectorIndex ? { vectorIndex: options.vectorIndex } : {}),
    ...(options.indexer ? { indexer: options.indexer } : {}),
    ...(options.webhookIngestor ? { webhookIngestor: options.webhookIngestor } : {}),
  });
  const created = recordCreatedWorkspaces(container);
  const boot = config.neo4j
    ? await bootstrapWorkspace(
        container.deps.workspaces,
        container.deps.apiKeys,
        clock,
        config.bootstrap,
      )
    : await bootstrapIfEmpty(
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
      if (config.neo4j) {
        await purgeNeo4jWorkspaces(created);
      }
      if (!options.dataDir) {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The ids of the workspaces created through `container` from now on. */
function recordCreatedWorkspaces(container: Container): Set<string> {
  const ids = new Set<string>();
  const store = container.deps.workspaces;
  const create = store.create.bind(store);
  store.create = async (workspace) => {
    ids.add(workspace.id);
    return create(workspace);
  };
  return ids;
}

/** Removes every record of `workspaceIds` from the run's Neo4j. */
async function purgeNeo4jWorkspaces(workspaceIds: Set<string>): Promise<void> {
  const target = neo4jTarget();
  if (!target.available || workspaceIds.size === 0) {
    return;
  }
  const stores = target.open();
  try {
    await purge(stores.graph, workspaceIds);
  } finally {
    await stores.close();
  }
}

/** `Authorization` and `x-workspace-id` headers for a key in a workspace. */
export function authHeaders(apiKey: string, workspaceId?: string): Record<string, string> {
  return {
    Authorization: `Bearer ${apiKey}`,
    ...(workspaceId ? { 'x-workspace-id': workspaceId } : {}),
  };
}
