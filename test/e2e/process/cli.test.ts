import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createApp } from '../../../src/app';
import { loadConfig } from '../../../src/config/load-config';
import { createContainer } from '../../../src/container';
import { HttpMetrics } from '../../../src/http/metrics';
import { createLogger } from '../../../src/logger';
import { authHeaders } from '../../support/test-app';
import { itOn } from '../../support/test-engine';

const run = promisify(execFile);

// Each case starts the CLI (through tsx) several times: seconds each on a busy 2-CPU machine.

const UNKNOWN_WORKSPACE = '00000000-0000-4000-8000-000000000000';

/** The CLI process opens the embedded store whatever the project's engine: once is enough. */
const itOnce = itOn(['sqlite'], 'the CLI process runs on the embedded store on every project');

describe('operator CLI (real process)', () => {
  const root = path.resolve(__dirname, '..', '..', '..');
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-cli-spawn-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The CLI as `npm run cli` starts it (without npm's own lines), on `dir`: on the embedded
   * store, whatever Neo4j the test run has.
   */
  const { NEO4J_URI: _uri, NEO4J_PASSWORD: _password, ...inherited } = process.env;
  const spawnCliIn = (dir: string, ...argv: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...argv], {
      cwd: root,
      env: { ...inherited, DATA_DIR: dir, LOG_LEVEL: 'silent' },
    });
  const spawnCli = (...argv: string[]) => spawnCliIn(dataDir, ...argv);

  itOnce(
    'creates a workspace and a key in DATA_DIR that the server then accepts',
    async () => {
      const storePath = path.join(dataDir, 'ontology.db');
      const created = await spawnCli(
        'workspace',
        'create',
        '--name',
        'Spawned',
        '--plan',
        'pro',
        '--json',
      );
      const workspace = JSON.parse(created.stdout);
      expect(workspace).toMatchObject({ name: 'Spawned', plan: 'pro' });
      // It says which store it opened, and that it created it.
      expect(JSON.parse(created.stderr)).toEqual({
        store: { engine: 'sqlite', location: storePath, created: true, dataDir },
      });
      const listed = await spawnCli('workspace', 'list');
      expect(listed.stderr).toBe(`Store: SQLite ${storePath}\n`);
      expect(listed.stdout).toContain('Spawned');
      const key = JSON.parse(
        (
          await spawnCli(
            'key',
            'create',
            '--workspace',
            workspace.id,
            '--name',
            'ops',
            '--scopes',
            'all',
            '--json',
          )
        ).stdout,
      );
      expect(key.secret).toMatch(/^wos_/);

      // The server as main.ts builds it, over the same data dir.
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const container = createContainer(config, createLogger('silent'), {
        metrics: new HttpMetrics({ collectDefaults: false }),
      });
      try {
        const res = await request(createApp(container.deps))
          .get('/api/me')
          .set(authHeaders(key.secret));
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          kind: 'api_key',
          credentialId: key.id,
          homeWorkspaceId: workspace.id,
        });
        expect(res.headers['x-ratelimit-limit']).toBe('300');
      } finally {
        await container.close();
      }
    },
    120_000,
  );

  itOnce(
    'refuses, naming DATA_DIR, to work on a store that does not exist, and creates nothing',
    async () => {
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-cli-empty-'));
      try {
        for (const argv of [
          ['reindex', '--workspace', UNKNOWN_WORKSPACE],
          ['workspace', 'list'],
          ['key', 'list', '--workspace', UNKNOWN_WORKSPACE],
        ]) {
          const failure = await spawnCliIn(empty, ...argv).then(
            () => null,
            (error: { code: number; stdout: string; stderr: string }) => error,
          );
          expect(failure).toMatchObject({ code: 1, stdout: '' });
          expect(failure?.stderr).toContain(
            `error: No store at ${path.join(empty, 'ontology.db')}: DATA_DIR=${empty} holds no data`,
          );
        }
        expect(fs.readdirSync(empty)).toEqual([]);
      } finally {
        fs.rmSync(empty, { recursive: true, force: true });
      }
    },
    120_000,
  );

  itOnce(
    'exits 2 with a message on stderr for bad input',
    async () => {
      const failure = await spawnCli('key', 'list', '--workspace', 'nope').then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure).toMatchObject({ code: 2, stdout: '' });
      expect(failure?.stderr).toContain('error: --workspace must be a UUID, got "nope".');
    },
    60_000,
  );
});
