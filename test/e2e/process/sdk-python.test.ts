import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess, type Finished } from '../../support/run-process';
import { serviceWorkspace, ServiceProcess } from '../../support/service-process';
import { itOn, type TestCase } from '../../support/test-engine';

/**
 * The Python SDK's own tests (sdk/python/tests, pytest) against the real service: two
 * processes on the embedded store, one without rate limits for the calls, paging and
 * retries, one on the Starter plan for a real 429. The virtual environment is made by
 * .ci/run; without it the test is skipped, saying how to make it.
 */

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SDK = path.join(ROOT, 'sdk', 'python');
const PYTHON = path.join(SDK, '.venv', 'bin', 'python');
const PYTEST_TIMEOUT_MS = 150_000;

const venvMissing = fs.existsSync(PYTHON)
  ? undefined
  : `${path.relative(ROOT, PYTHON)} is missing: create it with ` +
    `python3 -m venv sdk/python/.venv && sdk/python/.venv/bin/pip install -e 'sdk/python[test]'`;
if (venvMissing) {
  console.warn(`Python SDK tests skipped: ${venvMissing}`);
}

/** Once per run: the SDK talks HTTP, so the engine behind the service changes nothing for it. */
const itWithVenv: TestCase = venvMissing
  ? (name, fn, timeout) => it.skip(`${name} (skipped: ${venvMissing})`, fn, timeout)
  : itOn(['sqlite'], 'the SDK tests talk HTTP to a service on the embedded store, once per run');

/** Runs pytest in sdk/python with `env` added; killed after PYTEST_TIMEOUT_MS. */
function runPytest(env: Record<string, string>): Promise<Finished> {
  return runProcess(PYTHON, ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '-rs'], {
    cwd: SDK,
    env,
    timeoutMs: PYTEST_TIMEOUT_MS,
  });
}

describe('Python SDK (sdk/python) against the real service', () => {
  const services: ServiceProcess[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    for (const service of services) {
      service.kill('SIGKILL');
      await service.exited;
    }
    for (const dir of dirs) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A service process with its own store and bootstrap workspace; its URL and key. */
  async function start(env: Record<string, string>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-sdk-python-'));
    dirs.push(dataDir);
    const workspace = await serviceWorkspace();
    const service = new ServiceProcess(
      { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', ...workspace.env, ...env },
      PYTEST_TIMEOUT_MS + 60_000,
    );
    services.push(service);
    const port = await service.port();
    return {
      url: `http://127.0.0.1:${port}`,
      apiKey: workspace.apiKey,
      workspaceId: workspace.workspaceId,
    };
  }

  itWithVenv(
    'passes pytest: calls, typed errors, a real 429, paging, idempotency, batches, async, generated types, OAuth, streams',
    async () => {
      // The OAuth tests sign this user in through the service's sign-in and consent pages.
      const user = { email: 'sdk-python@example.com', password: `pw-${randomUUID()}` };
      const [open, limited] = await Promise.all([
        start({
          RATE_LIMIT_ENABLED: 'false',
          BOOTSTRAP_USER_EMAIL: user.email,
          BOOTSTRAP_USER_PASSWORD: user.password,
        }),
        start({}), // the bootstrap workspace is on the Starter plan: 60 requests a minute
      ]);
      const { code, output } = await runPytest({
        WOS_BASE_URL: open.url,
        WOS_API_KEY: open.apiKey,
        WOS_WORKSPACE_ID: open.workspaceId,
        WOS_USER_EMAIL: user.email,
        WOS_USER_PASSWORD: user.password,
        WOS_LIMITED_BASE_URL: limited.url,
        WOS_LIMITED_API_KEY: limited.apiKey,
        WOS_LIMITED_WORKSPACE_ID: limited.workspaceId,
      });
      if (code !== 0) {
        throw new Error(`pytest exited with ${String(code)}:\n${output}`);
      }
      // Every test ran: none was skipped for want of a service.
      expect(output).not.toMatch(/skipped/);
      expect(output).toMatch(/\d+ passed/);
    },
    PYTEST_TIMEOUT_MS + 60_000,
  );
});
