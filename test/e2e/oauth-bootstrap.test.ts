import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootstrapIfEmpty, DEFAULT_DEMO_USER_EMAIL } from '../../src/auth/bootstrap';
import { ConfigError, loadConfig } from '../../src/config/load-config';
import { SCOPES } from '../../src/domain/scopes';
import { ManualClock } from '../support/manual-clock';
import {
  bootstrapFirstStart,
  createTestContainer,
  CreatedWorkspaces,
  testConfig,
} from '../support/test-app';
import { testEngine } from '../support/test-engine';

/**
 * The demo user of the first start. On Neo4j the run's server is shared by every test file:
 * the first start is what `bootstrapFirstStart` makes, and the demo user gets an email of the
 * test's own (users outlive the workspaces a test removes, and an email is one user's).
 */
describe('bootstrap: the demo user', () => {
  let dataDir: string;
  let created: CreatedWorkspaces;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-oauth-bootstrap-'));
    created = new CreatedWorkspaces();
  });
  afterEach(async () => {
    await created.purge();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One start as main.ts does it, demo user included; `first` as a first start. */
  async function start(env: Record<string, string>, first: boolean) {
    const config = testConfig({ DATA_DIR: dataDir, ...env });
    const clock = new ManualClock();
    const container = created.track(createTestContainer(config, { clock }), config);
    const { users } = container.deps.oauth;
    const boot = first
      ? await bootstrapFirstStart(container, config, clock, users)
      : await bootstrapIfEmpty(
          container.deps.workspaces,
          container.deps.apiKeys,
          clock,
          config.bootstrap,
          users,
        );
    return { container, boot };
  }

  /** `email` on the embedded store; on Neo4j one of this test's own like it, `x+<hex>@...`. */
  const ownEmail = (email: string) =>
    testEngine() === 'neo4j' ? email.replace('@', `+${randomBytes(6).toString('hex')}@`) : email;

  it('is created with a generated password and every scope in the bootstrap workspace', async () => {
    const email = ownEmail(DEFAULT_DEMO_USER_EMAIL);
    const env: Record<string, string> =
      testEngine() === 'neo4j' ? { BOOTSTRAP_USER_EMAIL: email } : {};
    const { container, boot } = await start(env, true);
    try {
      const user = boot!.user!;
      expect(user).toEqual({
        id: expect.stringMatching(/^usr_/),
        email,
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
    const written = ownEmail('Ops@Example.com');
    const email = written.toLowerCase();
    const env = { BOOTSTRAP_USER_EMAIL: written, BOOTSTRAP_USER_PASSWORD: 'deterministic-pw' };
    const first = await start(env, true);
    expect(first.boot!.user).toMatchObject({
      email,
      password: 'deterministic-pw',
      generatedPassword: false,
    });
    await first.container.close();
    const second = await start(env, false);
    try {
      expect(second.boot).toBeNull();
      const { users } = second.container.deps.oauth;
      if (testEngine() === 'sqlite') {
        const listed = await users.list({ limit: 10, offset: 0 });
        expect(listed.items.map((u) => u.email)).toEqual([email]);
      }
      expect((await users.authenticate(email, 'deterministic-pw'))?.id).toBe(first.boot!.user!.id);
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
