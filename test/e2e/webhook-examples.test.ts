import { execFile, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { systemClock } from '../../src/ports/clock';
import type { TestApp } from '../support/test-app';
import {
  adminHeaders,
  createConnector,
  createWebhookTestApp,
  listEvents,
  type CreatedConnector,
} from '../support/webhook-fixtures';

const run = promisify(execFile);
const EXAMPLES = path.resolve(__dirname, '..', '..', 'docs', 'examples');
const GUIDE = path.resolve(__dirname, '..', '..', 'docs', 'webhooks.md');

/** Whether a program runs on this machine (examples in other languages are optional). */
function available(command: string, args: string[] = ['--version']): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** Nothing from this process's environment (proxies, tokens) reaches the examples. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra };
}

/** A test that runs only when `present`; otherwise it is reported as skipped, with why. */
function optional(present: boolean, missing: string) {
  return (name: string, fn: () => Promise<void>) =>
    present ? it(name, fn) : it.skip(`${name} (skipped: ${missing} not installed)`, fn);
}
const withPython = optional(available('python3'), 'python3');
const withShell = optional(
  available('bash') && available('curl') && available('openssl', ['version']),
  'bash, curl or openssl',
);

describe('the signing examples of docs/webhooks.md', () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  let connector: CreatedConnector;
  /** The headers of every request the examples sent. */
  const sent: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    // The examples sign with the real time, so the service must use it too.
    t = await createWebhookTestApp({ clock: systemClock });
    server = http.createServer((req, res) => {
      sent.push(req.headers);
      t.app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    connector = await createConnector(t, adminHeaders(t), { type: 'Webhook', name: 'examples' });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  const url = () => `${base}/api/webhooks/${connector.endpointId}`;

  it('includes every example file verbatim', () => {
    const guide = fs.readFileSync(GUIDE, 'utf8');
    for (const file of fs.readdirSync(EXAMPLES)) {
      const source = fs.readFileSync(path.join(EXAMPLES, file), 'utf8').trimEnd();
      expect({ file, included: guide.includes(`\n${source}\n\`\`\``) }).toEqual({
        file,
        included: true,
      });
    }
  });

  /**
   * Checks which message the example signed: `<id>.<timestamp>.<body>` when it sent an
   * event id, `<timestamp>.<body>` when it sent none.
   */
  function expectSigned(body: string, eventId: string | null): void {
    const headers = sent.at(-1)!;
    expect(headers['x-webhook-id']).toBe(eventId ?? undefined);
    const ts = headers['x-webhook-timestamp'] as string;
    const message = eventId === null ? `${ts}.${body}` : `${eventId}.${ts}.${body}`;
    const hex = createHmac('sha256', connector.secret).update(message).digest('hex');
    expect(headers['x-webhook-signature']).toBe(`sha256=${hex}`);
  }

  /** Checks what an example printed and that the service recorded the event. */
  async function expectAccepted(stdout: string, eventId: string | null): Promise<void> {
    const match = /^(?:(\d{3}) )?(\{.*\})\s*$/s.exec(stdout.trim());
    expect(match).not.toBeNull();
    const answer = JSON.parse(match![2]!) as {
      success: boolean;
      data: { eventId: string; status: string };
    };
    if (match![1] !== undefined) {
      expect(match![1]).toBe('202');
    }
    expect(answer).toMatchObject({ success: true, data: { status: 'processed' } });
    const { items } = await listEvents(t, adminHeaders(t), connector.id, { status: 'processed' });
    expect(items.find((e) => e.id === answer.data.eventId)).toMatchObject({ deliveryId: eventId });
  }

  it('Node: sign-webhook.mjs is accepted', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        path.join(EXAMPLES, 'sign-webhook.mjs'),
        url(),
        connector.secret,
        '{"type":"example.node","n":1}',
        'node-1',
      ],
      { env: cleanEnv(), timeout: 20_000 },
    );
    await expectAccepted(stdout, 'node-1');
    expectSigned('{"type":"example.node","n":1}', 'node-1');
  });

  it('Node: a wrong secret is refused, and the example says so', async () => {
    const failed = run(
      process.execPath,
      [path.join(EXAMPLES, 'sign-webhook.mjs'), url(), 'whsec_wrong', '{}', 'node-2'],
      {
        env: cleanEnv(),
        timeout: 20_000,
      },
    );
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/^401 .*INVALID_SIGNATURE/),
    });
  });

  withPython('Python: sign_webhook.py is accepted', async () => {
    const { stdout } = await run(
      'python3',
      [
        path.join(EXAMPLES, 'sign_webhook.py'),
        url(),
        connector.secret,
        '{"type":"example.python"}',
        'py-1',
      ],
      { env: cleanEnv(), timeout: 20_000 },
    );
    await expectAccepted(stdout, 'py-1');
    expectSigned('{"type":"example.python"}', 'py-1');
  });

  withShell('curl + openssl: sign-webhook.sh is accepted', async () => {
    const { stdout } = await run('bash', [path.join(EXAMPLES, 'sign-webhook.sh')], {
      env: cleanEnv({
        URL: url(),
        SECRET: connector.secret,
        BODY: '{"type":"example.curl"}',
        EVENT_ID: 'sh-1',
      }),
      timeout: 20_000,
    });
    await expectAccepted(stdout, 'sh-1');
    expectSigned('{"type":"example.curl"}', 'sh-1');
  });

  withShell('curl + openssl: sign-webhook-without-id.sh is accepted', async () => {
    const { stdout } = await run('bash', [path.join(EXAMPLES, 'sign-webhook-without-id.sh')], {
      env: cleanEnv({
        URL: url(),
        SECRET: connector.secret,
        BODY: '{"type":"example.curl.no-id"}',
      }),
      timeout: 20_000,
    });
    await expectAccepted(stdout, null);
    expectSigned('{"type":"example.curl.no-id"}', null);
  });

  withShell('curl + openssl: sign-standard-webhook.sh is accepted', async () => {
    const { stdout } = await run('bash', [path.join(EXAMPLES, 'sign-standard-webhook.sh')], {
      env: cleanEnv({
        URL: url(),
        SECRET: connector.secret,
        BODY: '{"type":"example.std"}',
        MSG_ID: 'msg_std_1',
      }),
      timeout: 20_000,
    });
    await expectAccepted(stdout, 'msg_std_1');
  });
});
