import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { HttpMetrics } from '../../../src/http/metrics';
import {
  accessLineWriter,
  CLIENT_CLOSED_STATUS,
  requestLifecycle,
} from '../../../src/http/middleware/observe';

interface AccessLine {
  msg: string;
  route?: string;
  status?: number;
  aborted?: boolean;
  requestId?: string;
}

describe('requestLifecycle: one access line and one observation per request', () => {
  const lines: AccessLine[] = [];
  const metrics = new HttpMetrics({ collectDefaults: false });
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as AccessLine);
        done();
      },
    });
    const app = express();
    app.use(requestLifecycle(pino({}, sink), metrics));
    app.get('/whole', (req, res) => {
      req.ctx.route = '/whole';
      res.json({ ok: true });
    });
    app.get('/stream', (req, res) => {
      req.ctx.route = '/stream';
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('part of it\n');
      // ... and never ends: the client goes away.
    });
    app.get('/silent', (req) => {
      req.ctx.route = '/silent';
      // Never answers.
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  /** Requests `path` and goes away once the headers came (or after a moment, if none do). */
  function abandon(path: string): Promise<void> {
    return new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path }, (res) => {
        res.once('data', () => req.destroy());
      });
      req.on('error', () => undefined);
      req.on('close', () => resolve());
      if (path === '/silent') {
        setTimeout(() => req.destroy(), 50);
      }
    });
  }

  async function lineOf(route: string): Promise<AccessLine> {
    for (let i = 0; i < 100; i += 1) {
      const line = lines.find((l) => l.msg === 'request' && l.route === route);
      if (line) {
        return line;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no access line for ${route}`);
  }

  it('logs a finished response once, without `aborted`', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/whole`);
    await res.text();
    const line = await lineOf('/whole');
    expect(line).toMatchObject({ status: 200, requestId: res.headers.get('x-request-id') });
    expect(line.aborted).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.filter((l) => l.route === '/whole')).toHaveLength(1);
  });

  it('logs a response cut off mid-stream when its connection closes: the status sent, aborted', async () => {
    await abandon('/stream');
    expect(await lineOf('/stream')).toMatchObject({ status: 200, aborted: true });
  });

  it('logs a request whose client left before any answer as 499, aborted, and counts it', async () => {
    await abandon('/silent');
    expect(await lineOf('/silent')).toMatchObject({ status: CLIENT_CLOSED_STATUS, aborted: true });
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/silent",status="499"} 1');
  });
});

describe('accessLineWriter: the same line pino writes', () => {
  function capture(options: pino.LoggerOptions): { logger: pino.Logger; lines: string[] } {
    const lines: string[] = [];
    const logger = pino(options, { write: (line: string) => lines.push(line) });
    return { logger, lines };
  }
  const fields = {
    requestId: 'req_0123456789abcdef0123456789abcdef',
    method: 'GET',
    path: '/api/caf\u00e9/"quoted"\\\n',
    route: '/api/:id',
    status: 200,
    durationMs: 1.234,
    workspaceId: undefined,
    actor: 'key_1',
  };
  const time = () => ',"time":"2026-01-02T03:04:05.678Z"';

  it.each([
    ['the service logger', { base: { service: 'svc' }, timestamp: time, redact: ['*.secret'] }],
    ['pino defaults', { timestamp: time }],
    ['a mixin (written by pino)', { timestamp: time, mixin: () => ({ extra: 1 }) }],
  ])('%s', (_name, options: pino.LoggerOptions) => {
    const fast = capture(options);
    const reference = capture(options);
    accessLineWriter(fast.logger)(fields);
    accessLineWriter(fast.logger)({ ...fields, workspaceId: 'ws', aborted: true });
    const child = reference.logger.child({}, { redact: [] });
    child.info(fields, 'request');
    child.info({ ...fields, workspaceId: 'ws', aborted: true }, 'request');
    expect(fast.lines).toEqual(reference.lines);
    expect(fast.lines).toHaveLength(2);
  });

  it('writes nothing below the logger level', () => {
    const { logger, lines } = capture({ level: 'warn' });
    accessLineWriter(logger)(fields);
    expect(lines).toEqual([]);
  });
});
