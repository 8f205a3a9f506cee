import { once } from 'node:events';
import net from 'node:net';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { REQUEST_ID_PATTERN } from '../support/envelope-assertions';
import { recordResponses } from '../support/openapi';
import { listen, RawConnection, type RawResponse } from '../support/raw-http';
import type { TestApp } from '../support/test-app';
import { authHeaders } from '../support/test-app';
import {
  adminHeaders,
  createConnector,
  createWebhookTestApp,
  unixSeconds,
  waitFor,
  xHeaders,
  type CreatedConnector,
} from '../support/webhook-fixtures';

/** Asserts the error envelope of a raw response, with X-Request-Id equal to `requestId`. */
function expectRawError(res: RawResponse, status: number, code: string): void {
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect({ status: res.status, body }).toMatchObject({
    status,
    body: { success: false, error: { code, message: expect.any(String) } },
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-request-id']).toMatch(REQUEST_ID_PATTERN);
  expect(body.requestId).toBe(res.headers['x-request-id']);
}

/** A request's head as a raw client writes it. */
const head = (requestLine: string, headers: Record<string, string>) =>
  `${requestLine}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/** Sends `body` one byte at a time, `everyMs` apart, until the connection closes. */
async function trickle(client: RawConnection, body: string, everyMs: number): Promise<void> {
  for (const byte of body) {
    if (client.socket.destroyed) {
      return;
    }
    await client.write(byte);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('the HTTP server (real sockets)', () => {
  describe('requests the HTTP parser refuses, and slow clients', () => {
    let t: TestApp;
    let server: Awaited<ReturnType<typeof listen>>;
    const clients: RawConnection[] = [];
    const client = () => {
      const c = new RawConnection(server.port);
      clients.push(c);
      return c;
    };
    beforeAll(async () => {
      t = await createWebhookTestApp({
        env: {
          BOOTSTRAP_PLAN: 'enterprise',
          HTTP_HEADERS_TIMEOUT_MS: '300',
          // A second between two parts of a body: long enough that a busy machine's pauses
          // (a parallel test worker, a collection) never reach it in the steady upload below.
          HTTP_BODY_TIMEOUT_MS: '1000',
        },
      });
      // The app as t.app, logging to `logged`: no case here is the service's fault.
      const logger = createLogger('info', {
        write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }),
      });
      server = await listen(
        recordResponses(createApp({ ...t.container.deps, logger })),
        t.config.timeouts,
      );
    });
    const logged: { level: number; msg: string }[] = [];
    afterEach(async () => {
      clients.splice(0).forEach((c) => c.destroy());
      // Timers of a case may still fire (a body deadline): give them their turn first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const errors = logged.filter((line) => line.level >= 50);
      logged.length = 0;
      expect(errors).toEqual([]);
    });
    afterAll(async () => {
      await server.close();
      await t.close();
    });

    it('answers a 100 KB query string with 431 HEADERS_TOO_LARGE in the envelope, then closes', async () => {
      const c = client();
      void c.write(head(`GET /health?q=${'a'.repeat(100_000)} HTTP/1.1`, { Host: 'x' }));
      const res = await c.response();
      expectRawError(res, 431, 'HEADERS_TOO_LARGE');
      expect(res.headers.connection).toBe('close');
      await c.closed();
    });

    it('answers over-large headers the same way', async () => {
      const c = client();
      void c.write(head('GET /health HTTP/1.1', { Host: 'x', 'X-Big': 'b'.repeat(20_000) }));
      expectRawError(await c.response(), 431, 'HEADERS_TOO_LARGE');
      await c.closed();
    });

    it.each([
      ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n'],
      [
        'a header without a colon',
        head('GET /health HTTP/1.1', { Host: 'x' }).replace('Host: x', 'Host x'),
      ],
      [
        'bad chunked encoding',
        head('POST /api/webhooks/ep_x HTTP/1.1', {
          Host: 'x',
          'Content-Type': 'application/json',
          'Transfer-Encoding': 'chunked',
        }) + 'ZZ\r\n{}\r\n0\r\n\r\n',
      ],
    ])('answers %s with 400 BAD_REQUEST in the envelope, then closes', async (_what, raw) => {
      const c = client();
      await c.write(raw);
      expectRawError(await c.response(), 400, 'BAD_REQUEST');
      await c.closed();
    });

    it('answers headers that do not arrive in time with 408 REQUEST_TIMEOUT, then closes', async () => {
      const c = client();
      await c.write('GET /health HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
      expectRawError(await c.response(), 408, 'REQUEST_TIMEOUT');
      await c.closed();
    });

    it('answers a JSON body that does not arrive in time with 408 REQUEST_TIMEOUT, then closes', async () => {
      const c = client();
      const body = JSON.stringify({ type: 'CREATE_NODE', payload: { entityType: 'T', name: 'n' } });
      await c.write(
        head('POST /api/commands/execute HTTP/1.1', {
          Host: 'x',
          ...authHeaders(t.apiKey, t.workspaceId),
          'Content-Type': 'application/json',
          'Content-Length': String(body.length),
        }),
      );
      void trickle(c, body, 50);
      const res = await c.response();
      expectRawError(res, 408, 'REQUEST_TIMEOUT');
      expect(JSON.parse(res.body).error.details).toEqual({ timeoutMs: 1000 });
      await c.closed();
    });

    it('bounds raw bodies too: a trickled OAuth token request gets 408, then closes', async () => {
      const c = client();
      const body = 'grant_type=refresh_token&refresh_token=wor_x&client_id=cli_x';
      await c.write(
        head('POST /token HTTP/1.1', {
          Host: 'x',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(body.length),
        }),
      );
      void trickle(c, body, 50);
      expectRawError(await c.response(), 408, 'REQUEST_TIMEOUT');
      await c.closed();
    });

    it('cannot be held open by a body no route reads: answered, then closed at the bound', async () => {
      const c = client();
      // No credentials: 401 at once, without reading the body that keeps trickling.
      await c.write(
        head('POST /api/commands/execute HTTP/1.1', {
          Host: 'x',
          'Content-Type': 'application/json',
          'Content-Length': '100000',
        }),
      );
      void trickle(c, '{'.repeat(100), 50);
      expectRawError(await c.response(), 401, 'UNAUTHENTICATED');
      await c.closed();
    });

    /** One chunk of a chunked request body. */
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const importHead = () =>
      head('POST /api/imports HTTP/1.1', {
        Host: 'x',
        ...authHeaders(t.apiKey, t.workspaceId),
        'Content-Type': 'application/x-ndjson',
        'Transfer-Encoding': 'chunked',
      });
    const nodeLine = (id: string) =>
      `${JSON.stringify({
        kind: 'node',
        id,
        entityType: 'Pump',
        name: id,
        properties: {},
        version: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })}\n`;

    it('lets an import upload run past the body bound while its parts keep coming', async () => {
      const c = client();
      await c.write(importHead());
      // Forty parts 50 ms apart: two seconds in all, twice the 1,000 ms bound.
      for (let i = 0; i < 40; i += 1) {
        await c.write(chunk(nodeLine(`steady-${i}`)));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.write(chunk(`${JSON.stringify({ kind: 'end', nodes: 40, edges: 0 })}\n`));
      await c.write('0\r\n\r\n');
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).data).toMatchObject({ status: 'completed', nodes: 40 });
    });

    it('answers an import upload that stops sending with 408, and records the import as failed', async () => {
      const c = client();
      await c.write(importHead());
      await c.write(chunk(nodeLine('stalled-1')));
      const res = await c.response();
      expectRawError(res, 408, 'REQUEST_TIMEOUT');
      const { importId } = JSON.parse(res.body).error.details as { importId: string };
      await c.closed();
      const read = await fetch(`http://127.0.0.1:${server.port}/api/imports/${importId}`, {
        headers: authHeaders(t.apiKey, t.workspaceId),
      });
      expect(((await read.json()) as { data: unknown }).data).toMatchObject({
        status: 'failed',
        nodes: 1,
        errors: [{ line: 2, message: expect.stringContaining('stalled') }],
      });
    });

    /** A CREATE_NODE command of node `id` as raw bytes, declaring `missing` more bytes than sent. */
    const createNode = (id: string, missing = 0) => {
      const body = JSON.stringify({
        type: 'CREATE_NODE',
        payload: { id, entityType: 'Pump', name: id },
      });
      return (
        head('POST /api/commands/execute HTTP/1.1', {
          Host: 'x',
          ...authHeaders(t.apiKey, t.workspaceId),
          'Content-Type': 'application/json',
          'Content-Length': String(body.length + missing),
        }) + body
      );
    };
    const nodeStatus = async (id: string) =>
      (
        await fetch(`http://127.0.0.1:${server.port}/api/queries/nodes/${id}`, {
          headers: authHeaders(t.apiKey, t.workspaceId),
        })
      ).status;

    it('answers a command whose client half-closes its connection after sending it, then closes', async () => {
      const c = client();
      await c.write(createNode('half-closed'));
      c.endSending();
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).data.result).toMatchObject({ id: 'half-closed', version: 1 });
      await c.closed();
      expect(await nodeStatus('half-closed')).toBe(200);
    });

    it('answers a body cut short by the client half-closing with 400 BAD_REQUEST, and writes nothing', async () => {
      const c = client();
      await c.write(createNode('cut-short', 10));
      c.endSending();
      expectRawError(await c.response(), 400, 'BAD_REQUEST');
      await c.closed();
      expect(await nodeStatus('cut-short')).toBe(404);
    });

    it('answers a request that asks to close the connection, and ignores what follows it', async () => {
      const c = client();
      const first = createNode('closing').replace(
        'Host: x\r\n',
        'Host: x\r\nConnection: close\r\n',
      );
      await c.write(`${first}${head('GET /health HTTP/1.1', { Host: 'x' })}`);
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(res.headers.connection).toBe('close');
      await c.closed();
      await expect(c.responses(2, 100)).rejects.toThrow('closed after 1 of 2 responses');
      expect(await nodeStatus('closing')).toBe(200);
    });

    it('answers an import stopped early once, even when the client then half-closes mid-upload', async () => {
      const c = client();
      await c.write(importHead());
      await c.write(chunk('not json\n'));
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).data).toMatchObject({ status: 'failed' });
      await c.write(chunk(nodeLine('after-the-answer')));
      c.endSending();
      await c.closed();
      await expect(c.responses(2, 100)).rejects.toThrow('closed after 1 of 2 responses');
    });

    it('ends an import whose client half-closes mid-upload as cut off, with its record', async () => {
      const c = client();
      await c.write(importHead());
      await c.write(chunk(nodeLine('cut-1')));
      await c.write(chunk(nodeLine('cut-2')));
      c.endSending();
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(res.headers.connection).toBe('close');
      expect(JSON.parse(res.body).data).toMatchObject({
        status: 'failed',
        nodes: 2,
        errors: [{ line: 3, message: expect.stringContaining('cut off') }],
      });
      await c.closed();
    });

    it('blames a line cut by the half-close on the cut, not on the line (Content-Length too)', async () => {
      const c = client();
      const sent = `${nodeLine('len-1')}${nodeLine('len-2').slice(0, 40)}`;
      await c.write(
        head('POST /api/imports HTTP/1.1', {
          Host: 'x',
          ...authHeaders(t.apiKey, t.workspaceId),
          'Content-Type': 'application/x-ndjson',
          'Content-Length': String(Buffer.byteLength(sent) + 500),
        }) + sent,
      );
      c.endSending();
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).data).toMatchObject({
        status: 'failed',
        nodes: 1,
        lines: 1,
        errors: [{ line: 2, message: expect.stringContaining('cut off') }],
      });
      await c.closed();
      expect(await nodeStatus('len-1')).toBe(200);
    });

    it('completes an import whose client half-closes once the whole upload is sent', async () => {
      const c = client();
      await c.write(importHead());
      await c.write(chunk(nodeLine('half-1')));
      await c.write(chunk(`${JSON.stringify({ kind: 'end', nodes: 1, edges: 0 })}\n`));
      await c.write('0\r\n\r\n');
      c.endSending();
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).data).toMatchObject({ status: 'completed', nodes: 1 });
      await c.closed();
    });

    it('reads the rest of an upload stopped early only up to the body bound, then closes', async () => {
      const c = client();
      await c.write(importHead());
      await c.write(chunk('not json\n'));
      // The client goes on sending for up to eight seconds, a part every 100 ms.
      let sending = true;
      const sender = (async () => {
        for (let i = 0; i < 80 && sending && !c.socket.destroyed; i += 1) {
          await c.write(chunk(nodeLine(`late-${i}`)));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const res = await c.response();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).data).toMatchObject({
        status: 'failed',
        errors: [{ line: 1, message: expect.any(String) }],
      });
      // Closed at the 1,000 ms bound after the answer, well before the client stops.
      await c.closed(5000);
      sending = false;
      await sender;
    });

    it('still serves ordinary requests', async () => {
      const c = client();
      await c.write(head('GET /health HTTP/1.1', { Host: 'x', Connection: 'close' }));
      const res = await c.response();
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ success: true, data: { status: 'ok' } });
    });
  });

  describe('a client that does not read its answer', () => {
    let t: TestApp;
    let server: Awaited<ReturnType<typeof listen>>;
    const page = '/api/queries/nodes?entityType=Big&limit=100';
    beforeAll(async () => {
      t = await createWebhookTestApp({
        env: { BOOTSTRAP_PLAN: 'enterprise', HTTP_RESPONSE_STALL_TIMEOUT_MS: '3000' },
      });
      server = await listen(t.app, t.config.timeouts);
      // A page of about 6 MB: more than the kernel buffers for one connection.
      const text = 'x'.repeat(60_000);
      for (let batch = 0; batch < 4; batch += 1) {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/commands/batch`, {
          method: 'POST',
          headers: { ...authHeaders(t.apiKey, t.workspaceId), 'Content-Type': 'application/json' },
          body: JSON.stringify({
            commands: Array.from({ length: 25 }, (_, i) => ({
              type: 'CREATE_NODE',
              payload: { entityType: 'Big', name: `big ${batch}-${i}`, properties: { text } },
            })),
          }),
        });
        expect(res.status).toBe(201);
      }
    });
    afterAll(async () => {
      await server.close();
      await t.close();
    });

    const openConnections = () =>
      new Promise<number>((resolve, reject) =>
        server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    const requestPage = (socket: net.Socket) =>
      socket.write(
        head(`GET ${page} HTTP/1.1`, { Host: 'x', ...authHeaders(t.apiKey, t.workspaceId) }),
      );

    it('closes the connection once none of a large answer was taken for the stall bound', async () => {
      const socket = net.connect(server.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.pause();
      await once(socket, 'connect');
      requestPage(socket);
      const started = Date.now();
      while ((await openConnections()) > 0) {
        if (Date.now() - started > 15_000) {
          throw new Error('the connection stayed open');
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      socket.destroy();
    });
  });

  describe.each([
    ['HTTP_BODY_TIMEOUT_MS', { HTTP_BODY_TIMEOUT_MS: '1000' }],
    [
      'the webhook processing bound, which covers the body',
      { HTTP_BODY_TIMEOUT_MS: '60000', WEBHOOK_PROCESSING_TIMEOUT_MS: '1000' },
    ],
  ])('a webhook sender that trickles its body, bounded by %s', (_bound, env) => {
    let t: TestApp;
    let server: Awaited<ReturnType<typeof listen>>;
    let connector: CreatedConnector;
    beforeAll(async () => {
      t = await createWebhookTestApp({
        env: { ...env, BOOTSTRAP_PLAN: 'enterprise', WEBHOOK_CONCURRENCY_PER_WORKSPACE: '1' },
      });
      server = await listen(t.app, t.config.timeouts);
      connector = await createConnector(t, adminHeaders(t));
    });
    afterAll(async () => {
      await server.close();
      await t.close();
    });

    /** A signed delivery as raw bytes: its head, and its body. */
    const delivery = (id: string) => {
      const body = JSON.stringify({ type: 'ping', id });
      const headers = xHeaders(connector.secret, unixSeconds(t.clock), body, id);
      const requestHead = head(`POST /api/webhooks/${connector.endpointId} HTTP/1.1`, {
        Host: 'x',
        ...headers,
        'Content-Length': String(body.length),
        Connection: 'close',
      });
      return { requestHead, body };
    };

    it('holds the workspace slot only until the bound, then gets 408 and a real sender gets 202', async () => {
      const inProgress = () => t.container.deps.webhooks.reception.inProgress(t.workspaceId);
      const trickler = new RawConnection(server.port);
      const real = new RawConnection(server.port);
      const later = new RawConnection(server.port);
      try {
        const slow = delivery('slow-1');
        await trickler.write(slow.requestHead);
        void trickle(trickler, slow.body, 100);
        await waitFor(async () => (await inProgress()) === 1);

        // While the trickler holds the only slot, a real sender is turned away...
        const first = delivery('real-1');
        await real.write(first.requestHead + first.body);
        expectRawError(await real.response(), 429, 'RATE_LIMITED');

        // ...until the bound passes: the trickler is answered 408 and disconnected.
        const answer = await trickler.response();
        expectRawError(answer, 408, 'REQUEST_TIMEOUT');
        await trickler.closed();
        expect(await inProgress()).toBe(0);

        const second = delivery('real-2');
        await later.write(second.requestHead + second.body);
        const accepted = await later.response();
        expect(accepted.status).toBe(202);
        expect(JSON.parse(accepted.body)).toMatchObject({
          success: true,
          data: { status: 'processed' },
        });
      } finally {
        [trickler, real, later].forEach((c) => c.destroy());
      }
    });
  });
});
