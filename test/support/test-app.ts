import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import {
  bootstrapIfEmpty,
  bootstrapWorkspace,
  type BootstrapResult,
} from '../../src/auth/bootstrap';
import type { UserService } from '../../src/auth/user-service';
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
  /** Outbound webhook delivery timing. */
  delivery?: ContainerOverrides['delivery'];
}

/** The configuration of a test service on this project's engine, with logging silenced. */
export function testConfig(env: Record<string, string>): Config {
  return loadConfig({ ...engineEnv(), LOG_LEVEL: 'silent', ...env });
}

/**
 * The container `main.ts` builds for `config`, logging silenced and with metrics of its own
 * (no default collectors): what a test needs to start the service without `createTestApp`
 * (restarts on the same data dir or Neo4j, several instances).
 */
export function createTestContainer(config: Config, overrides: ContainerOverrides = {}): Container {
  return createContainer(config, createLogger('silent'), {
    metrics: new HttpMetrics({ collectDefaults: false }),
    ...overrides,
  });
}

/**
 * What a first start creates: a workspace, an admin key with every scope and, given `users`,
 * the demo user. On the embedded default the store is new, and is bootstrapped as `main.ts`
 * does (`bootstrapIfEmpty`). The run's Neo4j is shared by every test file and so never empty:
 * there the same records are created whatever it holds (`bootstrapWorkspace`), as a first
 * start on an empty Neo4j would.
 */
export async function bootstrapFirstStart(
  container: Container,
  config: Config,
  clock: Clock,
  users?: UserService,
): Promise<BootstrapResult> {
  const { workspaces, apiKeys } = container.deps;
  const boot = config.neo4j
    ? await bootstrapWorkspace(workspaces, apiKeys, clock, config.bootstrap, users)
    : await bootstrapIfEmpty(workspaces, apiKeys, clock, config.bootstrap, users);
  if (!boot) {
    throw new Error('a first start expects an empty data dir');
  }
  return boot;
}

/**
 * The workspaces created through some containers, to remove from the run's Neo4j once a test
 * is done with them (records on the embedded store go with the test's data dir). A restart
 * test tracks every container it builds and purges once, after the last.
 */
export class CreatedWorkspaces {
  private readonly ids = new Set<string>();

  /** Notes every workspace created through `container` (built from `config`) from now on. */
  track(container: Container, config: Config): Container {
    if (!config.neo4j) {
      return container;
    }
    const store = container.deps.workspaces;
    const create = store.create.bind(store);
    store.create = async (workspace) => {
      this.ids.add(workspace.id);
      return create(workspace);
    };
    return container;
  }

  /** Removes every record of the noted workspaces from the run's Neo4j. */
  async purge(): Promise<void> {
    const target = neo4jTarget();
    if (!target.available || this.ids.size === 0) {
      return;
    }
    const stores = target.open();
    try {
      await purge(stores.graph, this.ids);
      this.ids.clear();
    } finally {
      await stores.close();
    }
  }
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
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  const clock = options.clock ?? new ManualClock(Date.now());
  const container = createTestContainer(config, {
    clock,
    ...(options.embedder === 'configured'
      ? {}
      : { embedder: options.embedder ?? new HashEmbedder() }),
    ...(options.vectorIndex ? { vectorIndex: options.vectorIndex } : {}),
    ...(options.indexer ? { indexer: options.indexer } : {}),
    ...(options.webhookIngestor ? { webhookIngestor: options.webhookIngestor } : {}),
    ...(options.delivery ? { delivery: options.delivery } : {}),
  });
  const created = new CreatedWorkspaces();
  created.track(container, config);
  const boot = await bootstrapFirstStart(container, config, clock);
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
      await created.purge();
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
