import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { Lifecycle } from '../../../src/lifecycle/lifecycle';
import { GracefulShutdown } from '../../../src/lifecycle/shutdown';
import { RawConnection } from '../../support/raw-http';

/**
 * GracefulShutdown in-process, over a plain HTTP server whose handler answers when the test
 * says so (test/e2e/process/shutdown.test.ts runs it in the real process on signals).
 */
describe('GracefulShutdown', () => {
  let server: http.Server;
  /** Requests waiting for their answer, by path. */
  let held: Map<string, http.ServerResponse>;
  let arrivals: (() => void)[];
  let port: number;

  beforeEach(async () => {
    held = new Map();
    arrivals = [];
    server = http.createServer((req, res) => {
      held.set(req.url ?? '', res);
      arrivals.splice(0).forEach((notify) => notify());
    });
    // Long, so a connection left idle would outlive the test: only the shutdown closes it.
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  const until = async (path: string): Promise<http.ServerResponse> => {
    while (!held.has(path)) {
      await new Promise<void>((resolve) => arrivals.push(resolve));
    }
    return held.get(path)!;
  };
  const answer = (res: http.ServerResponse, body: string) => {
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
  };
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;

  function shutdown(release: () => Promise<void> = () => Promise.resolve()) {
    const lines: { msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const lifecycle = new Lifecycle();
    const codes: number[] = [];
    const graceful = new GracefulShutdown({
      server,
      logger,
      lifecycle,
      delayMs: 0,
      timeoutMs: 30_000,
      release,
      exit: (code) => codes.push(code),
    });
    return { graceful, lifecycle, lines, codes };
  }

  it('answers pipelined requests already received, closing the connection after the last', async () => {
    const { graceful, lifecycle, lines, codes } = shutdown();
    const connection = await RawConnection.open(port);
    void connection.write(get('/first') + get('/second'));
    const first = await until('/first');

    const stopped = graceful.stop('SIGTERM');
    expect(lifecycle.isStopping).toBe(true);
    // The listener closes at once (no delay): long work for open requests is told to stop.
    expect(lifecycle.draining.aborted).toBe(true);
    expect(lifecycle.draining.reason).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'Retry-After': '1' },
    });
    expect(graceful.stop('SIGINT')).toBeUndefined();
    answer(first, 'one');
    answer(await until('/second'), 'two');

    const responses = await connection.responses(2);
    expect(responses.map((r) => [r.status, r.body, r.headers.connection])).toEqual([
      [200, 'one', 'keep-alive'],
      [200, 'two', 'close'],
    ]);
    expect(await connection.closed()).toEqual({ reset: false });
    expect(await stopped).toBe(0);
    expect(codes).toEqual([0]);
    expect(lines.map((l) => l.msg)).toEqual([
      'shutting down: readiness is now 503',
      // Without a delay the listener closes at once, within the first signal's handling.
      'closing the listener; draining connections',
      'already stopping; signal ignored',
      'stopped',
    ]);
  });

  it('closes a connection whose response had begun before the shutdown once it ends', async () => {
    const { graceful, codes } = shutdown();
    const connection = await RawConnection.open(port);
    void connection.write(get('/stream'));
    const res = await until('/stream');
    res.setHeader('Content-Length', 4);
    res.write('ab'); // headers out with keep-alive

    const stopped = graceful.stop('SIGTERM');
    res.end('cd');
    const [response] = await connection.responses(1);
    expect(response).toMatchObject({ status: 200, body: 'abcd' });
    expect(response?.headers.connection).toBe('keep-alive');
    expect(await connection.closed()).toEqual({ reset: false });
    expect(await stopped).toBe(0);
    expect(codes).toEqual([0]);
  });

  it('exits 1 when releasing the stores fails', async () => {
    const { graceful, lines, codes } = shutdown(() => Promise.reject(new Error('close failed')));
    expect(await graceful.stop('SIGTERM')).toBe(1);
    expect(codes).toEqual([1]);
    expect(lines.map((l) => l.msg)).toContain('shutdown failed');
  });
});
