import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app';
import { bootstrapIfEmpty } from '../../src/auth/bootstrap';
import { SCOPES } from '../../src/domain/scopes';
import { expectData } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { recordResponses } from '../support/openapi';
import {
  authHeaders,
  bootstrapFirstStart,
  createTestApp,
  createTestContainer,
  CreatedWorkspaces,
  testConfig,
} from '../support/test-app';
import { testEngine } from '../support/test-engine';

/**
 * The first start's bootstrap, and restarts that leave it alone. On Neo4j the run's server is
 * shared by every test file and never empty, so a first start there is what
 * `bootstrapFirstStart` makes (the records a first start on an empty Neo4j creates), and
 * restarts show that a store holding workspaces gets nothing more.
 */
describe('bootstrap', () => {
  let dataDir: string;
  let created: CreatedWorkspaces;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-bootstrap-'));
    created = new CreatedWorkspaces();
  });
  afterEach(async () => {
    await created.purge();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The container of one start on `dataDir`, as main.ts builds it. */
  function container(env: Record<string, string>) {
    const config = testConfig({ DATA_DIR: dataDir, ...env });
    const clock = new ManualClock();
    const built = created.track(createTestContainer(config, { clock }), config);
    return { config, clock, container: built, app: recordResponses(createApp(built.deps)) };
  }

  /** A first start: the store gets its workspace and admin key. */
  async function firstStart(env: Record<string, string> = {}) {
    const started = container(env);
    const boot = await bootstrapFirstStart(started.container, started.config, started.clock);
    return { ...started, boot };
  }

  /** A later start, as main.ts does it: bootstrap only if the store is empty. */
  async function restart(env: Record<string, string> = {}) {
    const started = container(env);
    const { workspaces, apiKeys } = started.container.deps;
    const boot = await bootstrapIfEmpty(
      workspaces,
      apiKeys,
      started.clock,
      started.config.bootstrap,
    );
    return { ...started, boot };
  }

  /** BOOTSTRAP_WORKSPACE_ID and BOOTSTRAP_API_KEY of a test's own (the Neo4j is shared). */
  const bootstrapIds = () => ({
    workspaceId: randomUUID(),
    apiKey: `automation-secret-${randomBytes(12).toString('hex')}`,
  });

  it('creates a Starter workspace and an admin key with every scope on a first start', async () => {
    const first = await firstStart();
    try {
      const boot = first.boot;
      expect(boot.workspace.plan).toBe('starter');
      expect(boot.apiKey).toMatch(/^wos_/);
      const res = await request(first.app).get('/api/me').set(authHeaders(boot.apiKey));
      expect(expectData(res, 200).workspaces).toEqual([
        { id: boot.workspace.id, scopes: [...SCOPES] },
      ]);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
    } finally {
      await first.container.close();
    }
  });

  it('is idempotent across restarts: the second start creates nothing and the first key still works', async () => {
    const first = await firstStart();
    const boot = first.boot;
    await first.container.close();

    const second = await restart();
    try {
      expect(second.boot).toBeNull();
      if (testEngine() === 'sqlite') {
        expect(await second.container.deps.workspaces.count()).toBe(1);
      }
      expect(await second.container.deps.workspaces.get(boot.workspace.id)).toMatchObject({
        id: boot.workspace.id,
      });
      const keys = await second.container.deps.apiKeys.list(boot.workspace.id, {
        limit: 10,
        offset: 0,
      });
      expect(keys.items.map((k) => k.id)).toEqual([boot.apiKeyId]);

      const res = await request(second.app).get('/api/me').set(authHeaders(boot.apiKey));
      expect(expectData(res, 200).homeWorkspaceId).toBe(boot.workspace.id);
    } finally {
      await second.container.close();
    }
  });

  it('uses BOOTSTRAP_WORKSPACE_ID, BOOTSTRAP_API_KEY and BOOTSTRAP_PLAN', async () => {
    const { workspaceId, apiKey } = bootstrapIds();
    const t = await createTestApp({
      dataDir,
      env: {
        BOOTSTRAP_WORKSPACE_ID: workspaceId,
        BOOTSTRAP_API_KEY: apiKey,
        BOOTSTRAP_PLAN: 'pro',
      },
    });
    try {
      expect(t.workspaceId).toBe(workspaceId);
      expect(t.apiKey).toBe(apiKey);
      const res = await request(t.app).get('/api/workspaces').set(authHeaders(apiKey));
      expect(expectData(res, 200)).toEqual([
        expect.objectContaining({ id: workspaceId, plan: 'pro', scopes: [...SCOPES] }),
      ]);
      expect(res.headers['x-ratelimit-limit']).toBe('300');
    } finally {
      await t.close();
    }
  });

  it('ignores the BOOTSTRAP_* variables once the store has a workspace', async () => {
    const { workspaceId, apiKey } = bootstrapIds();
    const env = { BOOTSTRAP_WORKSPACE_ID: workspaceId, BOOTSTRAP_API_KEY: apiKey };
    const first = await firstStart(env);
    expect(first.boot.workspace.id).toBe(workspaceId);
    await first.container.close();

    const other = bootstrapIds();
    const second = await restart({
      BOOTSTRAP_WORKSPACE_ID: other.workspaceId,
      BOOTSTRAP_API_KEY: other.apiKey,
      BOOTSTRAP_PLAN: 'enterprise',
    });
    try {
      expect(second.boot).toBeNull();
      expect(await second.container.deps.workspaces.get(other.workspaceId)).toBeNull();
      const res = await request(second.app).get('/api/workspaces').set(authHeaders(apiKey));
      expect(expectData(res, 200)).toEqual([
        expect.objectContaining({ id: workspaceId, plan: 'starter' }),
      ]);
    } finally {
      await second.container.close();
    }
  });
});
