import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app';
import { bootstrapIfEmpty, type BootstrapResult } from '../../src/auth/bootstrap';
import { loadConfig } from '../../src/config/load-config';
import { createContainer, type Container } from '../../src/container';
import { SCOPES } from '../../src/domain/scopes';
import { HttpMetrics } from '../../src/http/metrics';
import { createLogger } from '../../src/logger';
import { expectData } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { recordResponses } from '../support/openapi';
import { authHeaders, createTestApp } from '../support/test-app';

const WORKSPACE_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const API_KEY = 'automation-secret-0123456789abcdefghij';

/** One start of the service on `dataDir`, as main.ts does it: container, then bootstrap. */
async function start(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const clock = new ManualClock();
  const container: Container = createContainer(config, createLogger('silent'), {
    clock,
    metrics: new HttpMetrics({ collectDefaults: false }),
  });
  const boot: BootstrapResult | null = await bootstrapIfEmpty(
    container.deps.workspaces,
    container.deps.apiKeys,
    clock,
    config.bootstrap,
  );
  return { container, boot, app: recordResponses(createApp(container.deps)) };
}

describe('bootstrap', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-bootstrap-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a Starter workspace and an admin key with every scope on an empty store', async () => {
    const first = await start(dataDir);
    try {
      expect(first.boot).not.toBeNull();
      const boot = first.boot!;
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
    const first = await start(dataDir);
    const boot = first.boot!;
    await first.container.close();

    const second = await start(dataDir);
    try {
      expect(second.boot).toBeNull();
      expect(await second.container.deps.workspaces.count()).toBe(1);
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
    const t = await createTestApp({
      dataDir,
      env: {
        BOOTSTRAP_WORKSPACE_ID: WORKSPACE_ID,
        BOOTSTRAP_API_KEY: API_KEY,
        BOOTSTRAP_PLAN: 'pro',
      },
    });
    try {
      expect(t.workspaceId).toBe(WORKSPACE_ID);
      expect(t.apiKey).toBe(API_KEY);
      const res = await request(t.app).get('/api/workspaces').set(authHeaders(API_KEY));
      expect(expectData(res, 200)).toEqual([
        expect.objectContaining({ id: WORKSPACE_ID, plan: 'pro', scopes: [...SCOPES] }),
      ]);
      expect(res.headers['x-ratelimit-limit']).toBe('300');
    } finally {
      await t.close();
    }
  });

  it('ignores the BOOTSTRAP_* variables once the store has a workspace', async () => {
    const env = { BOOTSTRAP_WORKSPACE_ID: WORKSPACE_ID, BOOTSTRAP_API_KEY: API_KEY };
    const first = await start(dataDir, env);
    expect(first.boot?.workspace.id).toBe(WORKSPACE_ID);
    await first.container.close();

    const second = await start(dataDir, { ...env, BOOTSTRAP_PLAN: 'enterprise' });
    try {
      expect(second.boot).toBeNull();
      const res = await request(second.app).get('/api/workspaces').set(authHeaders(API_KEY));
      expect(expectData(res, 200)).toEqual([
        expect.objectContaining({ id: WORKSPACE_ID, plan: 'starter' }),
      ]);
    } finally {
      await second.container.close();
    }
  });
});
