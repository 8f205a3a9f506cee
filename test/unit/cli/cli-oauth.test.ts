import request from 'supertest';
import { createCliDeps, type CliDeps } from '../../../src/cli/command';
import { SCOPES } from '../../../src/domain/scopes';
import { invokeCli } from '../../support/cli-runner';
import { expectData } from '../../support/envelope-assertions';
import { authorizeInBrowser, authorizeQuery, pkcePair } from '../../support/oauth-fixtures';
import { authHeaders, createTestApp, type TestApp } from '../../support/test-app';

const UNKNOWN_WORKSPACE = '00000000-0000-4000-8000-000000000000';

describe('CLI: users and OAuth clients', () => {
  let t: TestApp;
  let deps: CliDeps;

  const cli = (...argv: string[]) => invokeCli(() => Promise.resolve(deps), argv);
  async function cliJson(...argv: string[]) {
    const result = await cli(...argv, '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  }
  async function cliFails(...argv: string[]) {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    return result.stderr;
  }

  beforeAll(async () => {
    t = await createTestApp();
    deps = createCliDeps(t.container.deps);
  });
  afterAll(() => t.close());

  describe('user', () => {
    it('create prints a generated password once; the user can then sign in', async () => {
      const text = await cli('user', 'create', '--email', 'Grace@Example.com');
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('grace@example.com');
      const password = /password:\s+(\S+)\s+\(shown only now\)/.exec(text.stdout)?.[1];
      expect(password).toBeDefined();
      const user = await t.container.deps.oauth.users.authenticate('grace@example.com', password!);
      expect(user?.email).toBe('grace@example.com');
    });

    it('create with --password and --json never prints a hash', async () => {
      const created = await cliJson(
        'user',
        'create',
        '--email',
        'linus@example.com',
        '--password',
        'hunter2hunter2',
      );
      expect(created).toEqual({
        id: expect.stringMatching(/^usr_/),
        email: 'linus@example.com',
        createdAt: expect.any(String),
        memberships: [],
      });
      expect(JSON.stringify(created)).not.toContain('scrypt');
    });

    it.each([
      [['--email', 'not-an-email'], /email must be an email address/],
      [['--email', 'short@example.com', '--password', 'short'], /password must be at least 8/],
      [[], /Missing required option --email/],
    ])('create %j is refused', async (args, message) => {
      expect(await cliFails('user', 'create', ...args)).toMatch(message);
    });

    it('create refuses a taken email (case-insensitive) with CONFLICT', async () => {
      await cliJson('user', 'create', '--email', 'ken@example.com');
      const result = await cli('user', 'create', '--email', 'KEN@example.com', '--json');
      expect(result.code).toBe(2);
      expect(JSON.parse(result.stderr).error.code).toBe('CONFLICT');
    });

    it('add-membership by email or id, replacing scopes; list shows memberships', async () => {
      const user = await cliJson(
        'user',
        'create',
        '--email',
        'barbara@example.com',
        '--password',
        'liskov-substitution',
      );
      const first = await cliJson(
        'user',
        'add-membership',
        '--user',
        'BARBARA@example.com',
        '--workspace',
        t.workspaceId,
        '--scopes',
        'read:nodes,write:nodes',
      );
      expect(first).toMatchObject({
        userId: user.id,
        workspaceId: t.workspaceId,
        scopes: ['read:nodes', 'write:nodes'],
      });
      const replaced = await cliJson(
        'user',
        'add-membership',
        '--user',
        user.id,
        '--workspace',
        t.workspaceId,
        '--scopes',
        'all',
      );
      expect(replaced.scopes).toEqual([...SCOPES]);
      const listed = (await cliJson('user', 'list')) as { email: string; memberships: unknown[] }[];
      expect(listed.find((u) => u.email === 'barbara@example.com')?.memberships).toEqual([
        expect.objectContaining({ workspaceId: t.workspaceId, scopes: [...SCOPES] }),
      ]);
      const table = await cli('user', 'list');
      expect(table.stdout).toMatch(/barbara@example\.com\s+\S+ \(all\)/);
    });

    it('add-membership refuses an unknown user, an unknown workspace and bad scopes', async () => {
      expect(
        await cliFails(
          'user',
          'add-membership',
          '--user',
          'nobody@example.com',
          '--workspace',
          t.workspaceId,
          '--scopes',
          'all',
        ),
      ).toMatch(/No user has the email nobody@example\.com/);
      await cliJson('user', 'create', '--email', 'edsger@example.com');
      expect(
        await cliFails(
          'user',
          'add-membership',
          '--user',
          'edsger@example.com',
          '--workspace',
          UNKNOWN_WORKSPACE,
          '--scopes',
          'all',
        ),
      ).toMatch(/Workspace .* not found/);
      expect(
        await cliFails(
          'user',
          'add-membership',
          '--user',
          'edsger@example.com',
          '--workspace',
          t.workspaceId,
          '--scopes',
          'fly',
        ),
      ).toMatch(/Unknown scope "fly"/);
    });
  });

  describe('client', () => {
    it('create, list (all and per workspace), then the flow works with it, then delete', async () => {
      const client = await cliJson(
        'client',
        'create',
        '--workspace',
        t.workspaceId,
        '--name',
        'CLI app',
        '--redirect-uri',
        'http://127.0.0.1:8765/callback',
        '--scopes',
        'read:nodes',
      );
      expect(client).toEqual({
        clientId: expect.stringMatching(/^cli_/),
        name: 'CLI app',
        redirectUri: 'http://127.0.0.1:8765/callback',
        scopes: ['read:nodes'],
        workspaceId: t.workspaceId,
        createdAt: expect.any(String),
        createdBy: null,
      });
      const all = (await cliJson('client', 'list')) as { clientId: string }[];
      expect(all.map((c) => c.clientId)).toContain(client.clientId);
      const mine = (await cliJson('client', 'list', '--workspace', t.workspaceId)) as {
        clientId: string;
      }[];
      expect(mine.map((c) => c.clientId)).toContain(client.clientId);
      expect((await cli('client', 'list')).stdout).toContain('http://127.0.0.1:8765/callback');

      // The HTTP API sees the CLI's registration.
      expectData(
        await request(t.app)
          .get(`/api/oauth/clients/${client.clientId as string}`)
          .set(authHeaders(t.apiKey, t.workspaceId)),
        200,
      );
      const user = await cliJson(
        'user',
        'create',
        '--email',
        'alan@example.com',
        '--password',
        'enigma-machine',
      );
      await cliJson(
        'user',
        'add-membership',
        '--user',
        user.id,
        '--workspace',
        t.workspaceId,
        '--scopes',
        'read:nodes',
      );
      const redirect = await authorizeInBrowser(
        t,
        authorizeQuery(
          { id: client.clientId, redirectUri: client.redirectUri, scopes: client.scopes } as never,
          pkcePair().challenge,
        ),
        { email: 'alan@example.com', password: 'enigma-machine' },
      );
      expect(redirect.searchParams.get('code')).toMatch(/^woc_/);

      const deleted = await cli('client', 'delete', '--id', client.clientId);
      expect(deleted.code).toBe(0);
      expect(deleted.stdout).toContain(`Deleted OAuth client ${client.clientId as string}`);
      expect(await cliFails('client', 'delete', '--id', client.clientId)).toMatch(/not found/);
    });

    it.each([
      [['--redirect-uri', 'http://example.com/cb'], /redirectUri must use https/],
      [['--redirect-uri', 'https://example.com/cb#x'], /fragment/],
      [['--redirect-uri', 'https://example.com/cb', '--scopes', 'nope'], /Unknown scope/],
    ])('create %j is refused', async (args, message) => {
      const base = ['--workspace', t.workspaceId, '--name', 'x', '--scopes', 'read:nodes'];
      expect(await cliFails('client', 'create', ...base, ...args)).toMatch(message);
    });

    it('create refuses an unknown workspace', async () => {
      expect(
        await cliFails(
          'client',
          'create',
          '--workspace',
          UNKNOWN_WORKSPACE,
          '--name',
          'x',
          '--redirect-uri',
          'https://example.com/cb',
          '--scopes',
          'read:nodes',
        ),
      ).toMatch(/Workspace .* not found/);
    });
  });
});
