import request, { type Response } from 'supertest';
import { Webhook } from 'standardwebhooks';
import { expectData, expectError } from '../support/envelope-assertions';
import { startReceiver, type Receiver, type ReceiverAnswer } from '../support/event-clients';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

interface Subscription {
  id: string;
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  cursor: string;
  failure: {
    since: string;
    attempts: number;
    nextAttemptAt: string | null;
    lastError: string | null;
  } | null;
  secret?: string;
}

const HOUR = 3_600_000;

describe('webhook subscriptions: the change feed POSTed to subscribers', () => {
  let t: TestApp;
  let receiver: Receiver;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { BOOTSTRAP_PLAN: 'enterprise', EVENT_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32' },
      delivery: { pollMs: 50 },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Receivers check webhook-timestamp against their own clock.
    clock.set(Date.now());
    receiver = await startReceiver();
  });
  afterEach(() => receiver.close());

  async function workspace() {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const client = new OntologyClient(t, ws.apiKey, ws.workspaceId);
    const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object) => {
      const req = request(t.app)[method](path).set(authHeaders(ws.apiKey, ws.workspaceId));
      return body === undefined ? req : req.send(body);
    };
    return { ...ws, client, api };
  }

  async function subscribe(
    api: Awaited<ReturnType<typeof workspace>>['api'],
    body: object = {},
  ): Promise<Subscription> {
    return expectData(
      await api('post', '/api/webhook-subscriptions', { url: receiver.url, ...body }),
      201,
    );
  }

  /** Bodies received, parsed. */
  const bodies = () =>
    receiver.received.map((r) => JSON.parse(r.body) as { seq: number; type: string; id: string });

  /** Waits until `check` holds, moving the manual clock by `stepMs` each time (retries fall due). */
  async function eventually(
    check: () => boolean | Promise<boolean>,
    stepMs = 0,
    timeoutMs = 10_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) {
        throw new Error('condition not met in time');
      }
      clock.advance(stepMs);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('creates, lists, reads, changes and deletes a subscription; the secret shows once', async () => {
    const { api } = await workspace();
    const created = await api('post', '/api/webhook-subscriptions', {
      url: receiver.url,
      description: 'mirror',
      eventTypes: ['node.created'],
      entityTypes: ['Pump'],
    });
    const sub = expectData(created, 201) as Subscription;
    expect(created.headers.location).toBe(`/api/webhook-subscriptions/${sub.id}`);
    expect(sub).toMatchObject({ enabled: true, cursor: '0', failure: null, disabledReason: null });
    expect(sub.secret).toMatch(/^whsec_/);
    const got = expectData(await api('get', `/api/webhook-subscriptions/${sub.id}`), 200);
    expect(got.secret).toBeUndefined();
    expect(expectData(await api('get', '/api/webhook-subscriptions'), 200)).toHaveLength(1);
    const paused = expectData(
      await api('patch', `/api/webhook-subscriptions/${sub.id}`, { enabled: false }),
      200,
    );
    expect(paused).toMatchObject({ enabled: false, disabledReason: 'Disabled by a user.' });
    expect((await api('delete', `/api/webhook-subscriptions/${sub.id}`)).status).toBe(204);
    expectError(await api('get', `/api/webhook-subscriptions/${sub.id}`), 404, 'NOT_FOUND');
    expectError(await api('delete', `/api/webhook-subscriptions/${sub.id}`), 404, 'NOT_FOUND');
  });

  it('delivers each event in order, signed so that the standardwebhooks library verifies it', async () => {
    const { api, client } = await workspace();
    const sub = await subscribe(api, { eventTypes: ['node.created', 'node.updated'] });
    const node = await client.ok<{ id: string }>('CREATE_NODE', { entityType: 'Pump', name: 'P1' });
    await client.ok('UPDATE_NODE', { id: node.id, properties: { state: 'off' } });
    await client.ok('CREATE_EDGE', { type: 'SELF', sourceId: node.id, targetId: node.id });
    await client.ok('CREATE_NODE', { entityType: 'Tank', name: 'T1' });
    await receiver.until(3);
    await eventually(
      async () =>
        (await api('get', `/api/webhook-subscriptions/${sub.id}`)).body.data.cursor === '4',
    );
    expect(bodies().map((b) => [b.seq, b.type])).toEqual([
      [1, 'node.created'],
      [2, 'node.updated'],
      [4, 'node.created'],
    ]);
    const webhook = new Webhook(sub.secret!);
    for (const received of receiver.received) {
      const headers = received.headers as Record<string, string>;
      expect(webhook.verify(received.body, headers)).toEqual(JSON.parse(received.body));
      expect(headers['webhook-id']).toBe(JSON.parse(received.body).id);
    }
    const log = expectData(
      await api('get', `/api/webhook-subscriptions/${sub.id}/deliveries`),
      200,
    );
    expect(log.map((a: { eventSeq: number; outcome: string }) => [a.eventSeq, a.outcome])).toEqual([
      [4, 'succeeded'],
      [2, 'succeeded'],
      [1, 'succeeded'],
    ]);
    // Paged: the cursor a page gives is accepted by the next request.
    const first = await api('get', `/api/webhook-subscriptions/${sub.id}/deliveries?limit=2`);
    expect(first.body.data.map((a: { eventSeq: number }) => a.eventSeq)).toEqual([4, 2]);
    const rest = await api(
      'get',
      `/api/webhook-subscriptions/${sub.id}/deliveries?limit=2&before=${first.body.meta.nextBefore}`,
    );
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((a: { eventSeq: number }) => a.eventSeq)).toEqual([1]);
    expect(rest.body.meta.nextBefore).toBeNull();
  });

  it('retries a failed event with backoff and Retry-After before sending any later one', async () => {
    const { api, client } = await workspace();
    receiver.answer((_, index): ReceiverAnswer =>
      index < 2
        ? { status: 503, headers: { 'retry-after': '120' }, body: 'busy' }
        : { status: 204 },
    );
    const sub = await subscribe(api);
    await client.ok('CREATE_NODE', { entityType: 'Pump', name: 'first' });
    await client.ok('CREATE_NODE', { entityType: 'Pump', name: 'second' });
    await receiver.until(1);
    await eventually(async () => {
      const body = (await api('get', `/api/webhook-subscriptions/${sub.id}`)).body
        .data as Subscription;
      return body.failure?.attempts === 1;
    });
    const failing = expectData(
      await api('get', `/api/webhook-subscriptions/${sub.id}`),
      200,
    ) as Subscription;
    expect(failing.failure).toMatchObject({ attempts: 1, lastError: 'the receiver answered 503' });
    // Retry-After: 120 s, more than the first backoff: nothing before it.
    expect(Date.parse(failing.failure!.nextAttemptAt!) - clock.now()).toBeGreaterThanOrEqual(
      120_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
    await eventually(() => receiver.received.length >= 4, 60_000);
    expect(bodies().map((b) => b.seq)).toEqual([1, 1, 1, 2]);
    await eventually(
      async () =>
        (await api('get', `/api/webhook-subscriptions/${sub.id}`)).body.data.failure === null,
    );
    const log = expectData(
      await api('get', `/api/webhook-subscriptions/${sub.id}/deliveries`, undefined),
      200,
    );
    expect(
      log.map((a: { attempt: number; responseStatus: number; responseExcerpt: string | null }) => [
        a.attempt,
        a.responseStatus,
        a.responseExcerpt,
      ]),
    ).toEqual([
      [1, 204, null],
      [3, 204, null],
      [2, 503, 'busy'],
      [1, 503, 'busy'],
    ]);
  });

  it('disables a subscription whose receiver answers 410, and one failing past the retry window', async () => {
    const gone = await workspace();
    receiver.answer(() => ({ status: 410 }));
    const sub = await subscribe(gone.api);
    await gone.client.ok('CREATE_NODE', { entityType: 'Pump', name: 'x' });
    await eventually(
      async () =>
        !(await gone.api('get', `/api/webhook-subscriptions/${sub.id}`)).body.data.enabled,
    );
    const disabled = expectData(
      await gone.api('get', `/api/webhook-subscriptions/${sub.id}`),
      200,
    ) as Subscription;
    expect(disabled.disabledReason).toMatch(/410 Gone/);
    expect(receiver.received).toHaveLength(1);

    const failing = await workspace();
    receiver.answer(() => ({ status: 500 }));
    const other = await subscribe(failing.api);
    await failing.client.ok('CREATE_NODE', { entityType: 'Pump', name: 'y' });
    await eventually(
      async () =>
        !(await failing.api('get', `/api/webhook-subscriptions/${other.id}`)).body.data.enabled,
      6 * HOUR,
      30_000,
    );
    const dead = expectData(
      await failing.api('get', `/api/webhook-subscriptions/${other.id}`),
      200,
    ) as Subscription;
    expect(dead.disabledReason).toMatch(
      /^Deliveries failed from .* to .*; the last: the receiver answered 500\.$/,
    );
    // Enabling it again resumes from the same event.
    receiver.answer(() => ({ status: 200 }));
    const before = receiver.received.length;
    await failing.api('patch', `/api/webhook-subscriptions/${other.id}`, { enabled: true });
    await eventually(() => receiver.received.length > before);
    expect(JSON.parse(receiver.received.at(-1)!.body).data.after.name).toBe('y');
  });

  it('rotates the secret: both secrets sign deliveries during the grace period', async () => {
    const { api, client } = await workspace();
    const sub = await subscribe(api);
    const rotated = expectData(
      await api('post', `/api/webhook-subscriptions/${sub.id}/rotate-secret`, {
        gracePeriodSeconds: 600,
      }),
      200,
    ) as Subscription;
    expect(rotated.secret).not.toBe(sub.secret);
    await client.ok('CREATE_NODE', { entityType: 'Pump', name: 'x' });
    await receiver.until(1);
    const [first] = receiver.received;
    const headers = first!.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret!).verify(first!.body, headers)).toBeDefined();
    expect(new Webhook(sub.secret!).verify(first!.body, headers)).toBeDefined();
  });

  it('pings, redelivers one event, and replays from a cursor', async () => {
    const { api, client } = await workspace();
    const sub = await subscribe(api);
    const ping = expectData(await api('post', `/api/webhook-subscriptions/${sub.id}/ping`), 200);
    expect(ping).toMatchObject({
      trigger: 'ping',
      eventType: 'ping',
      outcome: 'succeeded',
      responseStatus: 200,
    });
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'ping',
      subscription: { id: sub.id },
    });
    for (const name of ['a', 'b', 'c']) {
      await client.ok('CREATE_NODE', { entityType: 'Pump', name });
    }
    await receiver.until(4);
    const again = expectData(
      await api('post', `/api/webhook-subscriptions/${sub.id}/redeliver`, { seq: 2 }),
      200,
    );
    expect(again).toMatchObject({ trigger: 'redelivery', eventSeq: 2, outcome: 'succeeded' });
    expect(JSON.parse(receiver.received[4]!.body).seq).toBe(2);
    const replayed = expectData(
      await api('post', `/api/webhook-subscriptions/${sub.id}/replay`, { after: '1' }),
      202,
    );
    expect(replayed.cursor).toBe('1');
    await receiver.until(7);
    expect(receiver.received.slice(5).map((r) => JSON.parse(r.body).seq)).toEqual([2, 3]);
    expectError(
      await api('post', `/api/webhook-subscriptions/${sub.id}/replay`, { after: '9' }),
      400,
      'INVALID_CURSOR',
    );
    expectError(
      await api('post', `/api/webhook-subscriptions/${sub.id}/redeliver`, { seq: 99 }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses targets on private, loopback and link-local addresses unless the operator allows them', async () => {
    const strict = await createTestApp({ env: { BOOTSTRAP_PLAN: 'enterprise' } });
    try {
      const post = (url: unknown): Promise<Response> =>
        request(strict.app)
          .post('/api/webhook-subscriptions')
          .set(authHeaders(strict.apiKey, strict.workspaceId))
          .send({ url });
      for (const url of [
        receiver.url,
        'http://localhost:9/',
        'http://10.0.0.1/',
        'http://192.168.1.10/hook',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]/',
        'http://[::ffff:127.0.0.1]/',
        'https://user:pw@example.com/',
        'ftp://example.com/',
        'javascript:alert(1)',
        'not a url',
      ]) {
        const error = expectError(await post(url), 400, 'VALIDATION_ERROR');
        expect(error.details).toEqual({
          issues: [{ path: 'body.url', message: expect.any(String) }],
        });
      }
      expectError(await post(42), 400, 'VALIDATION_ERROR');
      expectError(await post('https://example.com/'.padEnd(3000, 'x')), 400, 'VALIDATION_ERROR');
      expect((await post('https://hooks.example.com/ontology')).status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('answers hostile and unauthorised requests with 4xx in the envelope', async () => {
    const { api, workspaceId } = await workspace();
    const sub = await subscribe(api);
    expectError(
      await api('post', '/api/webhook-subscriptions', { url: receiver.url, eventTypes: ['nope'] }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('post', '/api/webhook-subscriptions', { url: receiver.url, extra: 1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('post', '/api/webhook-subscriptions', { url: receiver.url, after: '99' }),
      400,
      'INVALID_CURSOR',
    );
    expectError(
      await api('patch', `/api/webhook-subscriptions/${sub.id}`, { enabled: 'yes' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('post', `/api/webhook-subscriptions/${sub.id}/redeliver`, { seq: -1 }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('get', `/api/webhook-subscriptions/${sub.id}/deliveries?before=nope`),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('get', `/api/webhook-subscriptions/${'x'.repeat(200)}`),
      400,
      'VALIDATION_ERROR',
    );
    const reader = await createKey(t, workspaceId, ['read:events', 'read:nodes']);
    const asReader = request(t.app)
      .post('/api/webhook-subscriptions')
      .set(authHeaders(reader.secret, workspaceId));
    expectError(await asReader.send({ url: receiver.url }), 403, 'INSUFFICIENT_SCOPE');
    const writer = await createKey(t, workspaceId, ['write:event-subscriptions', 'read:nodes']);
    const asWriter = request(t.app)
      .post('/api/webhook-subscriptions')
      .set(authHeaders(writer.secret, workspaceId));
    expectError(
      await asWriter.send({ url: receiver.url, eventTypes: ['edge.created'] }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const other = await workspace();
    expectError(await other.api('get', `/api/webhook-subscriptions/${sub.id}`), 404, 'NOT_FOUND');
  });
});
