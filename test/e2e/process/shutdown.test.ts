import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonRequest, RawConnection } from '../../support/raw-http';
import {
  serviceWorkspace,
  ServiceProcess,
  untilRefused,
  type ServiceWorkspace,
} from '../../support/service-process';

/**
 * SIGTERM on the real process (`node --import tsx src/main.ts`): requests already received
 * on open keep-alive connections are answered, `/ready` goes 503 first, and the exit code
 * says whether the shutdown completed or was forced.
 */
describe('graceful shutdown (real process)', () => {
  let dataDir: string;
  let workspace: ServiceWorkspace;
  let service: ServiceProcess | undefined;
  let auth: Record<string, string>;
  /** The service answers `100 Continue` once it has read the head of such a request. */
  let continuing: Record<string, string>;

  const start = (env: Record<string, string>) => {
    service = new ServiceProcess({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...workspace.env,
      ...env,
    });
    return service;
  };

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wos-shutdown-'));
    workspace = await serviceWorkspace();
    auth = { Authorization: `Bearer ${workspace.apiKey}`, 'x-workspace-id': workspace.workspaceId };
    continuing = { ...auth, Expect: '100-continue' };
  });
  afterEach(async () => {
    if (service) {
      service.kill('SIGKILL');
      await service.exited;
      service = undefined;
    }
    await workspace.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /ready 503 during the drain delay, then every request already received, and exits 0', async () => {
    const svc = start({ SHUTDOWN_DELAY_MS: '2000', SHUTDOWN_TIMEOUT_MS: '30000' });
    const port = await svc.port();

    // One keep-alive connection: two pipelined requests, then a third whose body is still
    // arriving when the signal comes. Its `100 Continue` says the service has read its head.
    const connection = await RawConnection.open(port);
    const me = jsonRequest('GET', '/api/me', auth);
    const createKey = jsonRequest('POST', '/api/api-keys', continuing, {
      name: 'created during shutdown',
      scopes: ['read:nodes'],
    });
    void connection.write(me.head + me.head + createKey.head + createKey.body.slice(0, 10));
    const before = await connection.responses(3);
    expect(before.map((r) => [r.status, r.headers.connection])).toEqual([
      [200, 'keep-alive'],
      [200, 'keep-alive'],
      [100, undefined],
    ]);

    svc.kill('SIGTERM');
    const ready = await untilReadyAnswers(port, 503);
    expect(ready.body).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', details: { reason: 'shutting down' } },
    });
    svc.kill('SIGINT'); // a second signal starts no second shutdown
    await svc.waitForLog((l) => l.msg.startsWith('already stopping'));

    // The listener closes after the delay; the request in progress is still answered.
    await untilRefused(port);
    void connection.write(createKey.body.slice(10));
    const [, , , created] = await connection.responses(4);
    expect(created?.status).toBe(201);
    expect(created?.headers.connection).toBe('close');
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
      success: true,
      data: { name: 'created during shutdown' },
    });
    expect(await connection.closed()).toEqual({ reset: false });

    expect(await svc.exited).toEqual({ code: 0, signal: null });
    const logs = svc.logs();
    expect(logs.filter((l) => l.msg.startsWith('shutting down'))).toHaveLength(1);
    expect(logs.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 0 });
    expect(typeof logs.at(-1)?.durationMs).toBe('number');
  }, 60_000);

  it('stops a Cypher query still running when the listener closes: 503 at once, exit 0', async () => {
    // Without the stop, the query would run to its 60 s limit and the shutdown wait for it.
    const svc = start({
      SHUTDOWN_TIMEOUT_MS: '30000',
      CYPHER_TIMEOUT_MS: '60000',
      CYPHER_THREADS: '1',
    });
    const port = await svc.port();
    const connection = await RawConnection.open(port);
    const query = jsonRequest('POST', '/api/queries/cypher', auth, {
      query: 'UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b RETURN count(*) AS n',
    });
    void connection.write(query.head + query.body);
    // The query is running (its thread took it at once) when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    svc.kill('SIGTERM');
    // Without the stop: no answer before the 30 s shutdown bound destroys the connection.
    const [answer] = await connection.responses(1);
    expect(answer?.status).toBe(503);
    expect(answer?.headers['retry-after']).toBe('1');
    expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await svc.exited).toEqual({ code: 0, signal: null });
    expect(svc.logs().at(-1)).toMatchObject({ msg: 'stopped', exitCode: 0 });
  }, 60_000);

  it('destroys what is still open after SHUTDOWN_TIMEOUT_MS and exits 1, saying so', async () => {
    const svc = start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const port = await svc.port();
    const connection = await RawConnection.open(port);
    const createKey = jsonRequest('POST', '/api/api-keys', continuing, {
      name: 'never finished',
      scopes: ['read:nodes'],
    });
    // The body never completes: the request cannot finish by itself.
    void connection.write(createKey.head + createKey.body.slice(0, 5));
    expect((await connection.responses(1))[0]?.status).toBe(100);

    svc.kill('SIGTERM');
    expect(await svc.exited).toEqual({ code: 1, signal: null });
    await connection.closed();
    const logs = svc.logs();
    expect(logs.some((l) => l.msg.startsWith('shutdown timed out') && l.level >= 50)).toBe(true);
    // The request cut off has its access line, marked aborted, before the last line.
    expect(logs.filter((l) => l.msg === 'request' && l.path === '/api/api-keys')).toEqual([
      expect.objectContaining({ method: 'POST', aborted: true }),
    ]);
    expect(logs.at(-1)).toMatchObject({ msg: 'stopped', exitCode: 1 });
  }, 60_000);
});

/** Polls `/ready` on new connections until it answers `status`. */
async function untilReadyAnswers(
  port: number,
  status: number,
): Promise<{ status: number; body: unknown }> {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/ready`, {
      headers: { Connection: 'close' },
    });
    const body: unknown = await res.json();
    if (res.status === status) {
      return { status: res.status, body };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
