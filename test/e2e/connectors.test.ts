import request from 'supertest';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { authHeaders, createTestApp, type TestApp } from '../support/test-app';
import {
  adminHeaders,
  createConnector,
  deliver,
  unixSeconds,
  xHeaders,
} from '../support/webhook-fixtures';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';

const PUBLIC_FIELDS = [
  'createdAt',
  'endpointId',
  'entityType',
  'id',
  'name',
  'nodeId',
  'previousSecretExpiresAt',
  'receptionUrl',
  'secretRotatedAt',
  'type',
  'updatedAt',
];

describe('webhook connectors', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
    admin = adminHeaders(t);
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('returns the connector with its secret, reception URL and node', async () => {
      const res = await request(t.app)
        .post('/api/connectors')
        .set(admin)
        .send({ type: 'Webhook', name: '  Stripe payments ', entityType: 'PaymentEvent' });
      const connector = expectData(res, 201);
      expect(Object.keys(connector).sort()).toEqual([...PUBLIC_FIELDS, 'secret'].sort());
      expect(connector).toMatchObject({
        type: 'Webhook',
        name: 'Stripe payments',
        entityType: 'PaymentEvent',
        nodeId: connector.id,
        createdAt: new Date(clock.now()).toISOString(),
        secretRotatedAt: null,
        previousSecretExpiresAt: null,
      });
      expect(connector.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(connector.secret.slice(6), 'base64')).toHaveLength(32);
      expect(connector.endpointId).toMatch(/^ep_[A-Za-z0-9_-]{32}$/);
      expect(connector.receptionUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/webhooks/${connector.endpointId}$`),
      );
      expect(res.headers.location).toBe(`/api/connectors/${connector.id}`);
      expect(res.headers['cache-control']).toBe('no-store');

      const node = await request(t.app).get(`/api/queries/nodes/${connector.nodeId}`).set(admin);
      expect(expectData(node, 200)).toMatchObject({
        id: connector.id,
        entityType: 'WebhookConnector',
        name: 'Stripe payments',
        properties: { connectorType: 'Webhook', eventEntityType: 'PaymentEvent' },
      });
    });

    it('defaults the event entity type to WebhookEvent and gives every connector its own secret', async () => {
      const a = await createConnector(t, admin);
      const b = await createConnector(t, admin);
      expect(a.entityType).toBe('WebhookEvent');
      expect(a.secret).not.toBe(b.secret);
      expect(a.endpointId).not.toBe(b.endpointId);
    });

    it('rejects bad bodies, naming every problem', async () => {
      const cases: [unknown, string[]][] = [
        [{ name: 'x' }, ['body.type']],
        [{ type: 'Email', name: 'x' }, ['body.type']],
        [{ type: 'Webhook', name: '   ' }, ['body.name']],
        [{ type: 'Webhook', name: 'x', entityType: '1bad' }, ['body.entityType']],
        [{ type: 'Webhook', name: 'x', secret: 'mine' }, ['body.secret']],
        [{ type: 'webhook', name: 'x'.repeat(201) }, ['body.type', 'body.name']],
      ];
      for (const [body, paths] of cases) {
        const res = await request(t.app)
          .post('/api/connectors')
          .set(admin)
          .send(body as object);
        const error = expectError(res, 400, 'VALIDATION_ERROR');
        const issues = (error.details?.issues as { path: string }[]).map((i) => i.path);
        expect(issues.sort()).toEqual(paths.sort());
      }
      const text = await request(t.app)
        .post('/api/connectors')
        .set({ ...admin, 'Content-Type': 'text/plain' })
        .send('type=Webhook');
      expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('reading', () => {
    it('lists and gets connectors without their secrets', async () => {
      const other = await createWorkspaceWithKey(t);
      const headers = authHeaders(other.apiKey, other.workspaceId);
      const first = await createConnector(t, headers, { type: 'Webhook', name: 'first' });
      clock.advance(1000);
      const second = await createConnector(t, headers, { type: 'Webhook', name: 'second' });

      const list = await request(t.app).get('/api/connectors').set(headers);
      const items = expectData(list, 200) as Record<string, unknown>[];
      expect(list.body.meta).toEqual({ total: 2, limit: 50, offset: 0 });
      expect(items.map((c) => c.id)).toEqual([first.id, second.id]);
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(PUBLIC_FIELDS);
      }
      const one = await request(t.app).get(`/api/connectors/${first.id}`).set(headers);
      const { secret: _secret, ...visible } = first;
      // supertest serves each request on its own port, so only the URL's path is stable.
      expect(expectData(one, 200)).toEqual({ ...visible, receptionUrl: expect.any(String) });
      expect(one.body.data.receptionUrl).toMatch(new RegExp(`/api/webhooks/${first.endpointId}$`));
    });

    it("answers another workspace's connector as missing", async () => {
      const mine = await createConnector(t, admin);
      const other = await createWorkspaceWithKey(t);
      const headers = authHeaders(other.apiKey, other.workspaceId);
      expectError(
        await request(t.app).get(`/api/connectors/${mine.id}`).set(headers),
        404,
        'NOT_FOUND',
      );
      expectError(
        await request(t.app).get(`/api/connectors/${mine.id}/events`).set(headers),
        404,
        'NOT_FOUND',
      );
      expectError(
        await request(t.app).delete(`/api/connectors/${mine.id}`).set(headers),
        404,
        'NOT_FOUND',
      );
      expectError(
        await request(t.app).post(`/api/connectors/${mine.id}/rotate-secret`).set(headers),
        404,
        'NOT_FOUND',
      );
      expect((await request(t.app).get('/api/connectors').set(headers)).body.meta.total).toBe(0);
    });

    it('validates the event list query', async () => {
      const connector = await createConnector(t, admin);
      const base = `/api/connectors/${connector.id}/events`;
      const bad = await request(t.app).get(base).query({ status: 'lost' }).set(admin);
      expect(expectError(bad, 400, 'VALIDATION_ERROR').details?.issues).toEqual([
        { path: 'query.status', message: expect.stringContaining('received') },
      ]);
      expectError(
        await request(t.app).get(base).query({ stauts: 'failed' }).set(admin),
        400,
        'VALIDATION_ERROR',
      );
      expectError(
        await request(t.app).get(base).query({ limit: -1 }).set(admin),
        400,
        'VALIDATION_ERROR',
      );
      const clamped = await request(t.app).get(base).query({ limit: 500 }).set(admin);
      expect(expectData(clamped, 200)).toEqual([]);
      expect(clamped.body.meta).toEqual({ total: 0, limit: 100, offset: 0 });
      expectError(
        await request(t.app).get(`/api/connectors/${connector.id}/events/evt_missing`).set(admin),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('scopes', () => {
    it('needs read:connectors to read and write:connectors to change', async () => {
      const connector = await createConnector(t, admin);
      const reader = await createKey(t, t.workspaceId, ['read:connectors']);
      const nobody = await createKey(t, t.workspaceId, ['read:nodes']);
      const asReader = authHeaders(reader.secret, t.workspaceId);
      const asNobody = authHeaders(nobody.secret, t.workspaceId);

      expectData(await request(t.app).get('/api/connectors').set(asReader), 200);
      expectData(
        await request(t.app).get(`/api/connectors/${connector.id}/events`).set(asReader),
        200,
      );
      const writes = [
        request(t.app).post('/api/connectors').set(asReader).send({ type: 'Webhook', name: 'x' }),
        request(t.app).post(`/api/connectors/${connector.id}/rotate-secret`).set(asReader),
        request(t.app).delete(`/api/connectors/${connector.id}`).set(asReader),
        request(t.app).post(`/api/connectors/${connector.id}/events/evt_x/replay`).set(asReader),
      ];
      for (const res of await Promise.all(writes)) {
        expect(expectError(res, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
          requiredScope: 'write:connectors',
        });
      }
      const read = await request(t.app).get(`/api/connectors/${connector.id}`).set(asNobody);
      expect(expectError(read, 403, 'INSUFFICIENT_SCOPE').details).toEqual({
        requiredScope: 'read:connectors',
      });
      expectError(await request(t.app).get('/api/connectors'), 401, 'UNAUTHENTICATED');
      expectError(
        await request(t.app).get('/api/connectors').set(authHeaders(t.apiKey)),
        400,
        'WORKSPACE_REQUIRED',
      );
    });
  });

  describe('rotate-secret', () => {
    it('issues a new secret and keeps the old one for 24 hours by default', async () => {
      const connector = await createConnector(t, admin);
      const res = await request(t.app)
        .post(`/api/connectors/${connector.id}/rotate-secret`)
        .set(admin);
      const rotated = expectData(res, 200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(connector.secret);
      expect(rotated).toMatchObject({
        id: connector.id,
        endpointId: connector.endpointId,
        secretRotatedAt: new Date(clock.now()).toISOString(),
        previousSecretExpiresAt: new Date(clock.now() + 86_400_000).toISOString(),
      });
    });

    it('takes a grace period, 0 revoking the old secret at once, and validates it', async () => {
      const connector = await createConnector(t, admin);
      const path = `/api/connectors/${connector.id}/rotate-secret`;
      const hour = await request(t.app).post(path).set(admin).send({ gracePeriodSeconds: 3600 });
      expect(expectData(hour, 200).previousSecretExpiresAt).toBe(
        new Date(clock.now() + 3_600_000).toISOString(),
      );
      const now = await request(t.app).post(path).set(admin).send({ gracePeriodSeconds: 0 });
      expect(expectData(now, 200).previousSecretExpiresAt).toBeNull();
      for (const body of [
        { gracePeriodSeconds: -1 },
        { gracePeriodSeconds: 1.5 },
        { grace: 1 },
        { gracePeriodSeconds: 604_801 },
      ]) {
        expectError(await request(t.app).post(path).set(admin).send(body), 400, 'VALIDATION_ERROR');
      }
    });
  });

  describe('delete', () => {
    it('removes the connector and its history; its URL answers 404; its nodes stay', async () => {
      const connector = await createConnector(t, admin);
      const body = '{"type":"ping"}';
      const accepted = await deliver(
        t,
        connector,
        body,
        xHeaders(connector.secret, unixSeconds(clock), body),
      );
      const nodeId = expectData(accepted, 202).nodeId as string;

      const res = await request(t.app).delete(`/api/connectors/${connector.id}`).set(admin);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectError(
        await request(t.app).get(`/api/connectors/${connector.id}`).set(admin),
        404,
        'NOT_FOUND',
      );
      expectError(
        await request(t.app).get(`/api/connectors/${connector.id}/events`).set(admin),
        404,
        'NOT_FOUND',
      );
      const again = await deliver(
        t,
        connector,
        body,
        xHeaders(connector.secret, unixSeconds(clock), body),
      );
      expectError(again, 404, 'NOT_FOUND');
      expectData(await request(t.app).get(`/api/queries/nodes/${nodeId}`).set(admin), 200);
      expectData(
        await request(t.app).get(`/api/queries/nodes/${connector.nodeId}`).set(admin),
        200,
      );
      expectError(
        await request(t.app).delete(`/api/connectors/${connector.id}`).set(admin),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('reception URL', () => {
    it('uses PUBLIC_URL when the operator sets it', async () => {
      const other = await createTestApp({ env: { PUBLIC_URL: 'https://hooks.example.com/base/' } });
      try {
        const connector = await createConnector(other, adminHeaders(other));
        expect(connector.receptionUrl).toBe(
          `https://hooks.example.com/base/api/webhooks/${connector.endpointId}`,
        );
      } finally {
        await other.close();
      }
    });
  });
});
