import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootstrapIfEmpty, DEFAULT_DEMO_USER_EMAIL } from '../../src/auth/bootstrap';
import { ConfigError, loadConfig } from '../../src/config/load-config';
import { createContainer } from '../../src/container';
import { SCOPES } from '../../src/domain/scopes';
import { HttpMetrics } from '../../src/http/metrics';
import { createLogger } from '../../src/logger';
import { ManualClock } from '../support/manual-clock';

/** One start as main.ts does it, demo user included. */
async function start(dataDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const clock = new ManualClock();
  const container = createContainer(config, createLogger('silent'), {
    clock,
    metrics: new HttpMetrics({ collectDefaults: false }),
  });
  const boot = await bootstrapIfEmpty(
    container.deps.workspaces,
    container.deps.apiKeys,
    clock,
    config.bootstrap,
    container.deps.oauth.users,
  );
  return { container, boot };
}

describe('bootstrap: the demo user', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-oauth-bootstrap-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is created with a generated password and every scope in the bootstrap workspace', async () => {
    const { container, boot } = await start(dataDir);
    try {
      const user = boot!.user!;
      expect(user).toEqual({
        id: expect.stringMatching(/^usr_/),
        email: DEFAULT_DEMO_USER_EMAIL,
        password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        generatedPassword: true,
      });
      const { users } = container.deps.oauth;
      expect((await users.authenticate(user.email, user.password))?.id).toBe(user.id);
      expect(await users.memberships(user.id)).toEqual([
        expect.objectContaining({ workspaceId: boot!.workspace.id, scopes: [...SCOPES] }),
      ]);
    } finally {
      await container.close();
    }
  });

  it('uses BOOTSTRAP_USER_EMAIL and BOOTSTRAP_USER_PASSWORD, and a restart creates nothing', async () => {
    const env = {
      BOOTSTRAP_USER_EMAIL: 'Ops@Example.com',
      BOOTSTRAP_USER_PASSWORD: 'deterministic-pw',
    };
    const first = await start(dataDir, env);
    expect(first.boot!.user).toMatchObject({
      email: 'ops@example.com',
      password: 'deterministic-pw',
      generatedPassword: false,
    });
    await first.container.close();
    const second = await start(dataDir, env);
    try {
      expect(second.boot).toBeNull();
      const users = await second.container.deps.oauth.users.list({ limit: 10, offset: 0 });
      expect(users.items.map((u) => u.email)).toEqual(['ops@example.com']);
      expect(
        await second.container.deps.oauth.users.authenticate('ops@example.com', 'deterministic-pw'),
      ).not.toBeNull();
    } finally {
      await second.container.close();
    }
  });

  it.each([
    [{ BOOTSTRAP_USER_EMAIL: 'not an email' }, 'BOOTSTRAP_USER_EMAIL: must be an email address'],
    [
      { BOOTSTRAP_USER_PASSWORD: 'short' },
      'BOOTSTRAP_USER_PASSWORD: must be at least 8 characters',
    ],
  ])('refuses %j naming the variable', (env, problem) => {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toContain(problem);
    }
  });
});
