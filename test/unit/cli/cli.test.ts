import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createCliDeps, type CliDeps } from '../../../src/cli/command';
import { COMMANDS } from '../../../src/cli/run';
import { invokeCli } from '../../support/cli-runner';
import { loadConfig } from '../../../src/config/load-config';
import { createContainer } from '../../../src/container';
import { SCOPES } from '../../../src/domain/scopes';
import { HttpMetrics } from '../../../src/http/metrics';
import { createLogger } from '../../../src/logger';
import { ManualClock } from '../../support/manual-clock';
import { authHeaders, createTestApp, type TestApp } from '../../support/test-app';

const ENTERPRISE_DEFAULT = { perMinute: 1234, perDay: 567_890 };
const UNKNOWN_WORKSPACE = '00000000-0000-4000-8000-000000000000';
const invoke = invokeCli;

describe('operator CLI (in-process)', () => {
  let t: TestApp;
  let clock: ManualClock;
  let deps: CliDeps;
  const cli = (...argv: string[]) => invoke(() => Promise.resolve(deps), argv);
  /** Runs with --json, expects success and returns the parsed output. */
  const cliJson = async (...argv: string[]) => {
    const result = await cli(...argv, '--json');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  };
  /** Runs and expects exit code 2 with a message on stderr and nothing on stdout. */
  const cliFails = async (...argv: string[]) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: /);
    return result.stderr;
  };
  const newWorkspace = async (...extra: string[]): Promise<string> =>
    (await cliJson('workspace', 'create', '--name', 'W', ...extra)).id;
  const me = (key: string) => request(t.app).get('/api/me').set(authHeaders(key));

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
    t = await createTestApp({
      clock,
      env: {
        ENTERPRISE_DEFAULT_PER_MINUTE: String(ENTERPRISE_DEFAULT.perMinute),
        ENTERPRISE_DEFAULT_PER_DAY: String(ENTERPRISE_DEFAULT.perDay),
      },
    });
    deps = createCliDeps(t.container.deps);
  });
  afterAll(() => t.close());

  describe('help', () => {
    it.each([[['help']], [['--help']], [['-h']], [['--json', '--help']]])(
      '%j prints every command and exits 0',
      async (argv) => {
        const result = await cli(...argv);
        expect(result.code).toBe(0);
        for (const command of COMMANDS) {
          expect(result.stdout).toContain(`${command.group} ${command.name}`);
        }
        expect(result.stdout).toContain('--json');
        expect(result.stdout).toContain('Exit codes');
      },
    );

    it.each([
      [['help', 'workspace']],
      [['workspace', '--help']],
      [['workspace', 'help']],
      [['help', 'key']],
      [['key', '-h']],
    ])('%j prints the group commands', async (argv) => {
      const result = await cli(...argv);
      expect(result.code).toBe(0);
      const group = argv.find((w) => w === 'workspace' || w === 'key');
      for (const command of COMMANDS.filter((c) => c.group === group)) {
        expect(result.stdout).toContain(`${command.group} ${command.name}`);
      }
    });

    it.each(COMMANDS.map((c) => [c.group, c.name]))(
      '%s %s has help by --help, -h and help <command>',
      async (group, name) => {
        const command = COMMANDS.find((c) => c.group === group && c.name === name)!;
        for (const argv of [
          [group, name, '--help'],
          [group, name, '-h'],
          ['help', group, name],
          ['--help', group, name],
        ]) {
          const result = await cli(...argv);
          expect(result.code).toBe(0);
          expect(result.stdout).toContain(`Usage: npm run cli -- ${group} ${name}`);
          for (const option of command.options) {
            expect(result.stdout).toContain(`--${option.name}`);
          }
          expect(result.stdout).toContain('Examples:');
        }
      },
    );

    it('shows help without opening the store, even with invalid options', async () => {
      const open = () => Promise.reject(new Error('must not open'));
      const result = await invoke(open, ['key', 'create', '--bogus', '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('--scopes');
    });

    it.each([
      [['help', 'nope'], /Unknown command "nope"/],
      [['help', 'workspace', 'nope'], /Unknown command "workspace nope"/],
      [['help', 'workspace', 'create', 'extra'], /Unknown command "workspace create extra"/],
    ])('%j is an error', async (argv, message) => {
      expect(await cliFails(...argv)).toMatch(message);
    });
  });

  describe('command errors', () => {
    it('no command: exit 2 pointing at help', async () => {
      expect(await cliFails()).toMatch(/Missing command\. Run 'npm run cli -- help'/);
    });

    it('unknown command', async () => {
      expect(await cliFails('frobnicate')).toMatch(/Unknown command "frobnicate"/);
    });

    it('missing and unknown subcommands', async () => {
      expect(await cliFails('workspace')).toMatch(
        /Missing command after "workspace"; one of: create, list, set-plan, set-limits/,
      );
      expect(await cliFails('key')).toMatch(/one of: create, list, revoke/);
      expect(await cliFails('key', 'rotate')).toMatch(/Unknown command "key rotate"/);
    });

    it('unknown option, stray argument, option without value, flag with value', async () => {
      expect(await cliFails('workspace', 'list', '--bogus')).toMatch(/Unknown option --bogus\./);
      expect(await cliFails('workspace', 'list', 'extra')).toMatch(/Unexpected argument "extra"\./);
      expect(await cliFails('workspace', 'create', '--name')).toMatch(
        /Option --name needs a value/,
      );
      expect(await cliFails('workspace', 'create', '--name', '--plan', 'pro')).toMatch(
        /Option --name needs a value/,
      );
      expect(await cliFails('workspace', 'list', '--json=yes')).toMatch(/--json/);
    });

    it('a usage error names the command help', async () => {
      expect(await cliFails('workspace', 'create')).toBe(
        "error: Missing required option --name.\nRun 'npm run cli -- workspace create --help' for usage.",
      );
    });

    it('--json errors are JSON on stderr, with the service error code', async () => {
      const usage = await cli('--json', 'workspace', 'create');
      expect(usage).toMatchObject({ code: 2, stdout: '' });
      expect(JSON.parse(usage.stderr)).toEqual({
        error: { code: 'USAGE_ERROR', message: 'Missing required option --name.' },
      });
      const missing = await cli('key', 'list', '--workspace', UNKNOWN_WORKSPACE, '--json');
      expect(missing.code).toBe(2);
      expect(JSON.parse(missing.stderr).error).toMatchObject({
        code: 'NOT_FOUND',
        message: `Workspace ${UNKNOWN_WORKSPACE} not found.`,
      });
    });

    it('an invalid environment exits 1 naming every bad variable', async () => {
      const open = () => {
        loadConfig({ PORT: 'x', ENTERPRISE_DEFAULT_PER_DAY: '-1' });
        return Promise.resolve(deps);
      };
      const result = await invoke(open, ['workspace', 'list']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('PORT');
      expect(result.stderr).toContain('ENTERPRISE_DEFAULT_PER_DAY');
    });

    it('an unexpected failure exits 1', async () => {
      const result = await invoke(
        () => Promise.reject(new Error('disk on fire')),
        ['workspace', 'list'],
      );
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: Unexpected failure: disk on fire',
      });
    });
  });

  describe('workspace create', () => {
    it('creates a starter workspace with a random id by default', async () => {
      const result = await cli('workspace', 'create', '--name', '  Acme  ');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Created workspace/);
      expect(result.stdout).toMatch(/plan: +starter/);
      expect(result.stdout).toMatch(/limits: +60\/min, 10000\/day \(plan\)/);
      const id = /id: +(\S+)/.exec(result.stdout)?.[1] ?? '';
      const stored = await t.container.deps.workspaces.get(id);
      expect(stored).toMatchObject({ name: 'Acme', plan: 'starter', limits: null });
    });

    it('takes a plan and an id; --json prints the workspace', async () => {
      const id = '6f1c2b0e-8a47-4d2b-9a3e-1c5d7e9f0a12';
      const created = await cliJson(
        'workspace',
        'create',
        '--name',
        'P',
        '--plan',
        'pro',
        '--id',
        id,
      );
      expect(created).toEqual({
        id,
        name: 'P',
        plan: 'pro',
        limits: null,
        effectiveLimits: { perMinute: 300, perDay: 100_000 },
        createdAt: new Date(clock.now()).toISOString(),
      });
    });

    it('enterprise with limits stores them', async () => {
      const created = await cliJson(
        'workspace',
        'create',
        '--name',
        'E',
        '--plan',
        'enterprise',
        '--per-minute',
        '500',
        '--per-day',
        '90000',
      );
      expect(created.limits).toEqual({ perMinute: 500, perDay: 90_000 });
      expect(created.effectiveLimits).toEqual({ perMinute: 500, perDay: 90_000 });
    });

    it('enterprise without limits uses the configured enterprise default', async () => {
      const result = await cli('workspace', 'create', '--name', 'E', '--plan', 'enterprise');
      expect(result.stdout).toMatch(/1234\/min, 567890\/day \(enterprise default\)/);
      const id = /id: +(\S+)/.exec(result.stdout)?.[1] ?? '';
      const listed = await cliJson('workspace', 'list');
      expect(listed.find((w: { id: string }) => w.id === id)).toMatchObject({
        limits: null,
        effectiveLimits: ENTERPRISE_DEFAULT,
      });
    });

    it.each([
      [
        ['--name', 'X', '--plan', 'gold'],
        /--plan must be one of starter, pro, enterprise, got "gold"/,
      ],
      [['--name', 'X', '--id', 'not-a-uuid'], /--id must be a UUID, got "not-a-uuid"/],
      [['--name', '   '], /workspace name must be 1 to 200 characters/],
      [['--name', 'x'.repeat(201)], /workspace name must be 1 to 200 characters/],
      [['--name', 'X', '--per-minute', '5', '--per-day', '50'], /starter plan has fixed limits/],
      [
        ['--name', 'X', '--plan', 'pro', '--per-minute', '5', '--per-day', '50'],
        /pro plan has fixed limits/,
      ],
      [
        ['--name', 'X', '--plan', 'enterprise', '--per-minute', '5'],
        /--per-minute and --per-day must be given together/,
      ],
      [['--name', 'X', '--plan', 'enterprise', '--per-day', '5'], /must be given together/],
      [
        ['--name', 'X', '--plan', 'enterprise', '--per-minute', 'abc', '--per-day', '5'],
        /--per-minute must be a positive integer, got "abc"/,
      ],
      [
        ['--name', 'X', '--plan', 'enterprise', '--per-minute', '0', '--per-day', '5'],
        /--per-minute must be a positive integer/,
      ],
      [
        ['--name', 'X', '--plan', 'enterprise', '--per-minute', '5', '--per-day=-5'],
        /--per-day must be a positive integer, got "-5"/,
      ],
      [
        ['--name', 'X', '--plan', 'enterprise', '--per-minute', '1.5', '--per-day', '5'],
        /--per-minute must be a positive integer/,
      ],
      [
        ['--name', 'X', '--plan', 'enterprise', '--per-minute', '99', '--per-day', '10'],
        /per-minute limit \(99\) cannot exceed the per-day limit \(10\)/,
      ],
    ])('%j is refused', async (options, message) => {
      const before = await t.container.deps.workspaces.count();
      expect(await cliFails('workspace', 'create', ...options)).toMatch(message);
      expect(await t.container.deps.workspaces.count()).toBe(before);
    });

    it('an id already in use is refused', async () => {
      expect(await cliFails('workspace', 'create', '--name', 'Dup', '--id', t.workspaceId)).toMatch(
        `Workspace ${t.workspaceId} already exists.`,
      );
    });
  });

  describe('workspace list', () => {
    it('lists every workspace with its effective limits', async () => {
      const id = await newWorkspace('--plan', 'pro');
      const listed = await cliJson('workspace', 'list');
      expect(listed.find((w: { id: string }) => w.id === t.workspaceId)).toMatchObject({
        plan: 'starter',
      });
      expect(listed.find((w: { id: string }) => w.id === id)).toMatchObject({
        plan: 'pro',
        effectiveLimits: { perMinute: 300, perDay: 100_000 },
      });
      expect(listed).toHaveLength(await t.container.deps.workspaces.count());

      const text = await cli('workspace', 'list');
      expect(text.code).toBe(0);
      const lines = text.stdout.split('\n');
      expect(lines[0]).toMatch(/^ID +NAME +PLAN +LIMITS +CREATED$/);
      expect(lines).toHaveLength(listed.length + 1);
      expect(text.stdout).toContain(id);
    });

    it('pages through more than one store page', async () => {
      for (let i = 0; i < 101; i += 1) {
        await t.container.deps.workspaces.create({
          id: `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}`,
          name: `bulk ${i}`,
          plan: 'starter',
          limits: null,
          createdAt: new Date(clock.now()).toISOString(),
        });
      }
      const listed = await cliJson('workspace', 'list');
      expect(listed).toHaveLength(await t.container.deps.workspaces.count());
      expect(listed.length).toBeGreaterThan(101);
    });

    it('says so when the store is empty', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-cli-empty-'));
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const container = createContainer(config, createLogger('silent'), {
        metrics: new HttpMetrics({ collectDefaults: false }),
      });
      try {
        const open = () => Promise.resolve(createCliDeps(container.deps));
        expect(await invoke(open, ['workspace', 'list'])).toEqual({
          code: 0,
          stdout: 'No workspaces.',
          stderr: '',
        });
        expect((await invoke(open, ['workspace', 'list', '--json'])).stdout).toBe('[]');
      } finally {
        await container.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('workspace set-plan', () => {
    it('changes the plan; the next request gets the new limits', async () => {
      const id = await newWorkspace();
      const key = (
        await cliJson('key', 'create', '--workspace', id, '--name', 'k', '--scopes', 'all')
      ).secret;
      expect((await me(key)).headers['x-ratelimit-limit']).toBe('60');

      const updated = await cliJson('workspace', 'set-plan', '--id', id, '--plan', 'pro');
      expect(updated).toMatchObject({ id, plan: 'pro', limits: null });
      expect((await me(key)).headers['x-ratelimit-limit']).toBe('300');

      const text = await cli('workspace', 'set-plan', '--id', id, '--plan', 'enterprise');
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/Updated workspace/);
      expect(text.stdout).toMatch(/1234\/min, 567890\/day \(enterprise default\)/);
      expect((await me(key)).headers['x-ratelimit-limit']).toBe('1234');
    });

    it('enterprise with limits sets them; without limits keeps them; leaving drops them', async () => {
      const id = await newWorkspace();
      const own = { perMinute: 700, perDay: 70_000 };
      expect(
        await cliJson(
          'workspace',
          'set-plan',
          '--id',
          id,
          '--plan',
          'enterprise',
          '--per-minute',
          '700',
          '--per-day',
          '70000',
        ),
      ).toMatchObject({ plan: 'enterprise', limits: own, effectiveLimits: own });
      expect(
        await cliJson('workspace', 'set-plan', '--id', id, '--plan', 'enterprise'),
      ).toMatchObject({ plan: 'enterprise', limits: own });
      expect(await cliJson('workspace', 'set-plan', '--id', id, '--plan', 'starter')).toMatchObject(
        {
          plan: 'starter',
          limits: null,
          effectiveLimits: { perMinute: 60, perDay: 10_000 },
        },
      );
      expect(
        await cliJson('workspace', 'set-plan', '--id', id, '--plan', 'enterprise'),
      ).toMatchObject({ limits: null, effectiveLimits: ENTERPRISE_DEFAULT });
    });

    it.each([
      [['--plan', 'pro'], /Missing required option --id/],
      [['--id', 'WS'], /Missing required option --plan/],
      [['--id', 'nope', '--plan', 'pro'], /--id must be a UUID, got "nope"/],
      [['--id', 'WS', '--plan', 'gold'], /--plan must be one of/],
      [
        ['--id', UNKNOWN_WORKSPACE, '--plan', 'pro'],
        /Workspace 00000000-0000-4000-8000-000000000000 not found/,
      ],
      [
        ['--id', 'WS', '--plan', 'pro', '--per-minute', '5', '--per-day', '50'],
        /pro plan has fixed limits/,
      ],
      [['--id', 'WS', '--plan', 'enterprise', '--per-day', '50'], /must be given together/],
      [
        ['--id', 'WS', '--plan', 'enterprise', '--per-minute', 'x', '--per-day', '50'],
        /--per-minute must be a positive integer/,
      ],
    ])('%j is refused and changes nothing', async (options, message) => {
      const id = await newWorkspace();
      const argv = options.map((o) => (o === 'WS' ? id : o));
      expect(await cliFails('workspace', 'set-plan', ...argv)).toMatch(message);
      expect(await t.container.deps.workspaces.get(id)).toMatchObject({
        plan: 'starter',
        limits: null,
      });
    });
  });

  describe('workspace set-limits', () => {
    it('sets the limits of an enterprise workspace; the next request gets them', async () => {
      const id = await newWorkspace('--plan', 'enterprise');
      const key = (
        await cliJson('key', 'create', '--workspace', id, '--name', 'k', '--scopes', 'admin')
      ).secret;
      expect((await me(key)).headers['x-ratelimit-limit']).toBe('1234');
      const result = await cli(
        'workspace',
        'set-limits',
        '--id',
        id,
        '--per-minute',
        '42',
        '--per-day',
        '4200',
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/42\/min, 4200\/day \(own\)/);
      expect(await t.container.deps.workspaces.get(id)).toMatchObject({
        limits: { perMinute: 42, perDay: 4200 },
      });
      expect((await me(key)).headers['x-ratelimit-limit']).toBe('42');
    });

    it('refuses a workspace that is not enterprise', async () => {
      const id = await newWorkspace('--plan', 'pro');
      expect(
        await cliFails(
          'workspace',
          'set-limits',
          '--id',
          id,
          '--per-minute',
          '5',
          '--per-day',
          '50',
        ),
      ).toMatch(`Workspace ${id} is on the pro plan, whose limits are fixed; only enterprise`);
      expect(await t.container.deps.workspaces.get(id)).toMatchObject({
        plan: 'pro',
        limits: null,
      });
    });

    it.each([
      [['--per-minute', '5', '--per-day', '50'], /Missing required option --id/],
      [['--id', 'ENT', '--per-day', '50'], /Missing required option --per-minute/],
      [['--id', 'ENT', '--per-minute', '5'], /Missing required option --per-day/],
      [['--id', 'nope', '--per-minute', '5', '--per-day', '50'], /--id must be a UUID/],
      [
        ['--id', UNKNOWN_WORKSPACE, '--per-minute', '5', '--per-day', '50'],
        /Workspace 0{8}-0000-4000-8000-0{12} not found/,
      ],
      [
        ['--id', 'ENT', '--per-minute', '0', '--per-day', '50'],
        /--per-minute must be a positive integer/,
      ],
      [
        ['--id', 'ENT', '--per-minute', '500', '--per-day', '50'],
        /cannot exceed the per-day limit/,
      ],
    ])('%j is refused', async (options, message) => {
      const id = await newWorkspace('--plan', 'enterprise');
      const argv = options.map((o) => (o === 'ENT' ? id : o));
      expect(await cliFails('workspace', 'set-limits', ...argv)).toMatch(message);
      expect(await t.container.deps.workspaces.get(id)).toMatchObject({ limits: null });
    });
  });

  describe('key create', () => {
    it('prints the secret once; the key works with its scopes only', async () => {
      const id = await newWorkspace();
      const result = await cli(
        'key',
        'create',
        '--workspace',
        id,
        '--name',
        'reader',
        '--scopes',
        'read:nodes, read:edges,read:nodes',
      );
      expect(result.code).toBe(0);
      const secret = /^ {2}(wos_\S+)$/m.exec(result.stdout)?.[1] ?? '';
      expect(secret).not.toBe('');
      expect(result.stdout.split(secret)).toHaveLength(2);
      expect(result.stdout).toMatch(/shown only now/);
      expect(result.stdout).toMatch(/scopes: +read:nodes, read:edges/);
      expect(result.stdout).toMatch(/expires: +never/);

      const res = await me(secret);
      expect(res.status).toBe(200);
      expect(res.body.data.workspaces).toEqual([{ id, scopes: ['read:nodes', 'read:edges'] }]);
      const keys = await request(t.app).get('/api/api-keys').set(authHeaders(secret, id));
      expect(keys.status).toBe(403);
    });

    it('--scopes all gives every scope; --json includes the secret and the key', async () => {
      const id = await newWorkspace();
      const expiresAt = new Date(clock.now() + 86_400_000).toISOString();
      const created = await cliJson(
        'key',
        'create',
        '--workspace',
        id,
        '--name',
        'admin',
        '--scopes',
        'all',
        '--expires-at',
        expiresAt,
      );
      expect(created).toMatchObject({
        name: 'admin',
        workspaceId: id,
        scopes: [...SCOPES],
        expiresAt,
        revokedAt: null,
        createdBy: null,
        status: 'active',
      });
      expect(created.secret).toMatch(/^wos_/);
      expect(created.secret.startsWith(created.prefix)).toBe(true);
      expect(created).not.toHaveProperty('secretHash');
      const keys = await request(t.app).get('/api/api-keys').set(authHeaders(created.secret, id));
      expect(keys.status).toBe(200);
    });

    it.each([
      [['--name', 'k', '--scopes', 'all'], /Missing required option --workspace/],
      [['--workspace', 'WS', '--scopes', 'all'], /Missing required option --name/],
      [['--workspace', 'WS', '--name', 'k'], /Missing required option --scopes/],
      [
        ['--workspace', 'nope', '--name', 'k', '--scopes', 'all'],
        /--workspace must be a UUID, got "nope"/,
      ],
      [
        ['--workspace', UNKNOWN_WORKSPACE, '--name', 'k', '--scopes', 'all'],
        /Workspace 0{8}-0000-4000-8000-0{12} not found/,
      ],
      [
        ['--workspace', 'WS', '--name', 'k', '--scopes', 'read:nodes,write:everything'],
        /Unknown scope "write:everything"; known scopes: read:nodes/,
      ],
      [['--workspace', 'WS', '--name', 'k', '--scopes', 'a,b'], /Unknown scopes "a", "b"/],
      [
        ['--workspace', 'WS', '--name', 'k', '--scopes', ' , '],
        /--scopes needs at least one scope/,
      ],
      [
        ['--workspace', 'WS', '--name', ' ', '--scopes', 'all'],
        /--name must be 1 to 200 characters/,
      ],
      [
        ['--workspace', 'WS', '--name', 'k'.repeat(201), '--scopes', 'all'],
        /--name must be 1 to 200/,
      ],
      [
        ['--workspace', 'WS', '--name', 'k', '--scopes', 'all', '--expires-at', 'tomorrow'],
        /--expires-at must be an ISO-8601 date-time/,
      ],
      [
        ['--workspace', 'WS', '--name', 'k', '--scopes', 'all', '--expires-at', '2027-01-01'],
        /--expires-at must be an ISO-8601 date-time/,
      ],
      [
        [
          '--workspace',
          'WS',
          '--name',
          'k',
          '--scopes',
          'all',
          '--expires-at',
          '2020-01-01T00:00:00Z',
        ],
        /expiresAt must be in the future/,
      ],
    ])('%j is refused and creates no key', async (options, message) => {
      const id = await newWorkspace();
      const argv = options.map((o) => (o === 'WS' ? id : o));
      expect(await cliFails('key', 'create', ...argv)).toMatch(message);
      expect((await cliJson('key', 'list', '--workspace', id)).length).toBe(0);
    });
  });

  describe('key list', () => {
    it('lists keys with their status, never a secret', async () => {
      const id = await newWorkspace();
      // Listings are ordered by creation time; make it differ.
      const a = await cliJson('key', 'create', '--workspace', id, '--name', 'a', '--scopes', 'all');
      clock.advance(1000);
      const b = await cliJson(
        'key',
        'create',
        '--workspace',
        id,
        '--name',
        'b',
        '--scopes',
        'read:nodes',
        '--expires-at',
        new Date(clock.now() + 60_000).toISOString(),
      );
      clock.advance(1000);
      const c = await cliJson(
        'key',
        'create',
        '--workspace',
        id,
        '--name',
        'c',
        '--scopes',
        'admin',
      );
      await cliJson('key', 'revoke', '--workspace', id, '--id', c.id);
      clock.advance(120_000);
      const listed = await cliJson('key', 'list', '--workspace', id);
      expect(listed.map((k: { id: string; status: string }) => [k.id, k.status])).toEqual([
        [a.id, 'active'],
        [b.id, 'expired'],
        [c.id, 'revoked'],
      ]);
      for (const key of listed) {
        expect(key).not.toHaveProperty('secret');
        expect(key).not.toHaveProperty('secretHash');
      }

      const text = await cli('key', 'list', '--workspace', id);
      expect(text.code).toBe(0);
      const lines = text.stdout.split('\n');
      expect(lines[0]).toMatch(/^ID +NAME +PREFIX +SCOPES +STATUS +CREATED +EXPIRES$/);
      expect(lines[1]).toMatch(new RegExp(`^${a.id} +a +${a.prefix} +all +active `));
      expect(lines[2]).toMatch(/ read:nodes +expired /);
      expect(lines[3]).toMatch(/ admin +revoked .* never$/);
      for (const secret of [a.secret, b.secret, c.secret]) {
        expect(text.stdout).not.toContain(secret);
      }
    });

    it('only lists the keys of the given workspace', async () => {
      const id = await newWorkspace();
      expect(await cli('key', 'list', '--workspace', id)).toEqual({
        code: 0,
        stdout: 'No API keys.',
        stderr: '',
      });
      expect(await cliJson('key', 'list', '--workspace', id)).toEqual([]);
    });

    it.each([
      [[], /Missing required option --workspace/],
      [['--workspace', 'nope'], /--workspace must be a UUID/],
      [['--workspace', UNKNOWN_WORKSPACE], /Workspace 0{8}-0000-4000-8000-0{12} not found/],
    ])('%j is refused', async (options, message) => {
      expect(await cliFails('key', 'list', ...options)).toMatch(message);
    });
  });

  describe('key revoke', () => {
    it('revokes: the key is refused from then on; revoking again is harmless', async () => {
      const id = await newWorkspace();
      const key = await cliJson(
        'key',
        'create',
        '--workspace',
        id,
        '--name',
        'r',
        '--scopes',
        'all',
      );
      expect((await me(key.secret)).status).toBe(200);

      const result = await cli('key', 'revoke', '--workspace', id, '--id', key.id);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(
        `Revoked API key ${key.id} (r) at ${new Date(clock.now()).toISOString()}.`,
      );
      expect((await me(key.secret)).status).toBe(401);

      const again = await cliJson('key', 'revoke', '--workspace', id, '--id', key.id);
      expect(again).toMatchObject({ id: key.id, status: 'revoked' });
      expect(again).not.toHaveProperty('secret');
    });

    it('a key of another workspace is not found there', async () => {
      const mine = await newWorkspace();
      const other = await newWorkspace();
      const key = await cliJson(
        'key',
        'create',
        '--workspace',
        other,
        '--name',
        'o',
        '--scopes',
        'all',
      );
      expect(await cliFails('key', 'revoke', '--workspace', mine, '--id', key.id)).toMatch(
        `API key ${key.id} not found.`,
      );
      expect((await me(key.secret)).status).toBe(200);
    });

    it.each([
      [['--id', 'key_x'], /Missing required option --workspace/],
      [['--workspace', UNKNOWN_WORKSPACE], /Missing required option --id/],
      [['--workspace', 'nope', '--id', 'key_x'], /--workspace must be a UUID/],
      [
        ['--workspace', UNKNOWN_WORKSPACE, '--id', 'key_x'],
        /Workspace 0{8}-0000-4000-8000-0{12} not found/,
      ],
      [['--workspace', 'WS', '--id', 'key_missing'], /API key key_missing not found\./],
    ])('%j is refused', async (options, message) => {
      const id = await newWorkspace();
      const argv = options.map((o) => (o === 'WS' ? id : o));
      expect(await cliFails('key', 'revoke', ...argv)).toMatch(message);
    });
  });
});
