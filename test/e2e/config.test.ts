import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/load-config';
import { configProblems } from '../support/config-problems';
import { engineEnv } from '../support/test-engine';

const ROOT = path.resolve(__dirname, '..', '..');

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      sqlitePath: path.join(path.resolve('./data'), 'ontology.db'),
      bodyLimitBytes: 1_048_576,
      timeouts: { headersMs: 10_000, bodyMs: 30_000, responseStallMs: 120_000 },
      trustProxy: false,
      metricsToken: undefined,
      rateLimit: {
        enabled: true,
        enterpriseDefaultPerMinute: 10_000,
        enterpriseDefaultPerDay: 10_000_000,
      },
      bootstrap: { workspaceId: undefined, apiKey: undefined, plan: 'starter' },
    });
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({
      BOOTSTRAP_API_KEY: '',
      BOOTSTRAP_WORKSPACE_ID: ' ',
      METRICS_TOKEN: '',
    });
    expect(config.bootstrap.apiKey).toBeUndefined();
    expect(config.bootstrap.workspaceId).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
  });

  it('reports every bad variable together, naming each', () => {
    const problems = configProblems({
      PORT: 'abc',
      BOOTSTRAP_API_KEY: 'too-short',
      BOOTSTRAP_WORKSPACE_ID: 'not-a-uuid',
      BOOTSTRAP_PLAN: 'platinum',
    });
    const named = problems.map((p) => p.split(':')[0]).sort();
    expect(named).toEqual([
      'BOOTSTRAP_API_KEY',
      'BOOTSTRAP_PLAN',
      'BOOTSTRAP_WORKSPACE_ID',
      'PORT',
    ]);
    expect(problems.find((p) => p.startsWith('BOOTSTRAP_PLAN'))).toContain(
      'starter, pro, enterprise',
    );
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['BODY_LIMIT_BYTES', '0'],
    ['BODY_LIMIT_BYTES', 'lots'],
    ['TRUST_PROXY', 'yes'],
    ['RATE_LIMIT_ENABLED', 'maybe'],
    ['ENTERPRISE_DEFAULT_PER_MINUTE', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://ontology.example.com'],
    ['PUBLIC_URL', 'javascript:alert(1)'],
    ['PUBLIC_URL', 'https://ontology.example.com/?tenant=a'],
    ['PUBLIC_URL', 'https://user:secret@ontology.example.com'],
    ['PORT', '0x1F90'],
    ['PORT', '1e3'],
    ['BODY_LIMIT_BYTES', '12abc'],
    ['GRAPHQL_MAX_COMPLEXITY', 'Infinity'],
    ['WEBHOOK_REJECTED_RECORDS_PER_MINUTE', '-1'],
    ['WEBHOOK_EVENT_RETENTION_DAYS', '1000000000'],
    ['INFLUX_TIMEOUT_MS', '3000000000'],
    ['SHUTDOWN_DELAY_MS', 'soon'],
    ['SHUTDOWN_DELAY_MS', '-1'],
    ['SHUTDOWN_TIMEOUT_MS', '0'],
  ])('rejects %s=%j', (variable, value) => {
    expect(configProblems({ [variable]: value }).map((p) => p.split(':')[0])).toEqual([variable]);
  });

  it('says what is wrong with a number, naming the variable', () => {
    expect(configProblems({ PORT: '70000' })).toEqual(['PORT: PORT must be at most 65535']);
    expect(configProblems({ PORT: '3.5' })).toEqual(['PORT: PORT must be an integer']);
    expect(configProblems({ BODY_LIMIT_BYTES: '0' })).toEqual([
      'BODY_LIMIT_BYTES: BODY_LIMIT_BYTES must be positive',
    ]);
    expect(configProblems({ SHUTDOWN_DELAY_MS: '2s' })).toEqual([
      'SHUTDOWN_DELAY_MS: SHUTDOWN_DELAY_MS must be a number',
    ]);
    expect(configProblems({ DATA_DIR: ' ', HOST: '' })).toEqual([
      'HOST: HOST must not be empty',
      'DATA_DIR: DATA_DIR must not be empty',
    ]);
    expect(configProblems({ PUBLIC_URL: 'ftp://x.example.com' })).toEqual([
      'PUBLIC_URL: PUBLIC_URL must be an http(s) URL',
    ]);
  });

  it('takes the default for an empty number or flag, and accepts the documented forms', () => {
    const config = loadConfig({
      PORT: '',
      BODY_LIMIT_BYTES: ' ',
      TRUST_PROXY: '',
      SHUTDOWN_DELAY_MS: '0',
      SHUTDOWN_TIMEOUT_MS: ' 2500 ',
      PUBLIC_URL: 'https://ontology.example.com/base/',
    });
    expect(config).toMatchObject({
      port: 3000,
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      shutdown: { delayMs: 0, timeoutMs: 2500 },
      publicUrl: 'https://ontology.example.com/base/',
    });
    expect(loadConfig({}).shutdown).toEqual({ delayMs: 0, timeoutMs: 10_000 });
  });

  it('accepts a BOOTSTRAP_API_KEY of exactly 32 characters', () => {
    expect(loadConfig({ BOOTSTRAP_API_KEY: 'k'.repeat(32) }).bootstrap.apiKey).toBe('k'.repeat(32));
    expect(configProblems({ BOOTSTRAP_API_KEY: 'k'.repeat(31) })).toHaveLength(1);
  });

  it('makes `tsx src/main.ts` exit non-zero naming every bad variable', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-config-'));
    try {
      const result = await run('npx', ['tsx', 'src/main.ts'], {
        ...runnerEnv(),
        ...engineEnv(),
        DATA_DIR: dataDir,
        PORT: 'abc',
        BOOTSTRAP_API_KEY: 'short',
        BOOTSTRAP_WORKSPACE_ID: 'not-a-uuid',
        BOOTSTRAP_PLAN: 'platinum',
      });
      expect(result.signal).toBeNull(); // exited by itself, not killed by the timeout
      expect(result.code).not.toBe(0);
      for (const variable of [
        'PORT',
        'BOOTSTRAP_API_KEY',
        'BOOTSTRAP_WORKSPACE_ID',
        'BOOTSTRAP_PLAN',
      ]) {
        expect(result.stderr).toContain(variable);
      }
      expect(result.stdout).not.toContain('admin key');
      // Nothing was created: the service stopped before opening the store.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The runner's environment (npx needs it), without the NEO4J_* the run may have set. */
function runnerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('NEO4J_')),
  );
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in the repository root; kills it after `timeoutMs` (a server that started). */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 20_000,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // Its own process group, so that the timeout also stops what npx started.
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) {
        process.kill(-child.pid, 'SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
