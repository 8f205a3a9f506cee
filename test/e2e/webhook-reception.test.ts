import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { GraphEdge, GraphNode } from '../../src/domain/graph';
import { expectData, expectError } from '../support/envelope-assertions';
import { OntologyClient } from '../support/ontology-client';
import type { TestApp } from '../support/test-app';
import {
  adminHeaders,
  createConnector,
  createWebhookTestApp,
  deliver,
  listEvents,
  standardHeaders,
  unixSeconds,
  xHeaders,
  xIdHeaders,
  xSignature,
  type CreatedConnector,
} from '../support/webhook-fixtures';
import { ManualClock } from '../support/manual-clock';

const ONE_MIB = 1_048_576;

describe('webhook reception', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ontology: OntologyClient;
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0, 250));
  beforeAll(async () => {
    t = await createWebhookTestApp({ clock, env: { BOOTSTRAP_PLAN: 'enterprise' } });
    admin = adminHeaders(t);
    ontology = new OntologyClient(t, t.apiKey, t.workspaceId);
  });
  afterAll(() => t.close());

  const now = () => unixSeconds(clock);
  const newConnector = (body?: Record<string, unknown>) => createConnector(t, admin, body);
  const event = async (connector: CreatedConnector, id: string) =>
    expectData(
      await request(t.app).get(`/api/connectors/${connector.id}/events/${id}`).set(admin),
      200,
    );

  describe('an accepted event', () => {
    it('becomes a node of the connector entity type, linked to the connector, with its payload', async () => {
      const connector = await newConnector({
        type: 'Webhook',
        name: 'billing',
        entityType: 'PaymentEvent',
      });
      const body =
        '{"type":"invoice.paid","data":{"id":"in_1","amount":4200,"lines":[{"sku":"a"}]}}';
      const res = await deliver(
        t,
        connector,
        body,
        xHeaders(connector.secret, now(), body, 'evt-001'),
      );
      const receipt = expectData(res, 202);
      expect(receipt).toEqual({
        eventId: expect.stringMatching(/^evt_/),
        status: 'processed',
        nodeId: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        duplicateOf: null,
      });

      const node = expectData(
        await ontology.get(`/api/queries/nodes/${receipt.nodeId}`),
        200,
      ) as GraphNode;
      expect(node).toMatchObject({
        entityType: 'PaymentEvent',
        name: 'invoice.paid',
        properties: {
          eventId: receipt.eventId,
          deliveryId: 'evt-001',
          connectorId: connector.id,
          receivedAt: new Date(clock.now()).toISOString(),
          payloadBytes: Buffer.byteLength(body),
          payload: JSON.stringify(JSON.parse(body)),
        },
      });
      const edges = await ontology.get('/api/queries/edges', { sourceId: node.id });
      expect(expectData(edges, 200)).toEqual([
        expect.objectContaining({
          type: 'RECEIVED_VIA',
          sourceId: node.id,
          targetId: connector.nodeId,
        }),
      ]);

      const listed = await listEvents(t, admin, connector.id);
      expect(listed.items).toEqual([
        {
          id: receipt.eventId,
          connectorId: connector.id,
          status: 'processed',
          scheme: 'x-webhook',
          deliveryId: 'evt-001',
          signedAt: new Date(now() * 1000).toISOString(),
          receivedAt: new Date(clock.now()).toISOString(),
          updatedAt: new Date(clock.now()).toISOString(),
          processedAt: new Date(clock.now()).toISOString(),
          attempts: 1,
          nodeId: receipt.nodeId,
          duplicateOf: null,
          failureReason: null,
          payloadBytes: Buffer.byteLength(body),
        },
      ]);
      expect((await event(connector, receipt.eventId)).payload).toEqual(JSON.parse(body));
    });

    it('is checked against the entity type of its events when the workspace defines one', async () => {
      const typed = {
        properties: {
          eventId: { type: 'string', required: true, unique: true },
          connectorId: { type: 'string', required: true },
          deliveryId: { type: 'string' },
          receivedAt: { type: 'datetime', required: true },
          payloadBytes: { type: 'integer', min: 0 },
          payload: { type: 'json' },
          payloadTooLarge: { type: 'boolean' },
        },
        additionalProperties: false,
      };
      await ontology.entityType('TypedEvent', typed);
      const connector = await newConnector({
        type: 'Webhook',
        name: 'typed',
        entityType: 'TypedEvent',
      });
      const body = '{"type":"order.created"}';
      const fits = await deliver(
        t,
        connector,
        body,
        xHeaders(connector.secret, now(), body, 'ok-1'),
      );
      expect(expectData(fits, 202)).toMatchObject({ status: 'processed' });

      // A type the event nodes cannot fit: the event fails with the violation as its reason.
      await ontology.entityType('StrictEvent', {
        properties: { ...typed.properties, customer: { type: 'string', required: true } },
        additionalProperties: false,
      });
      const strict = await newConnector({
        type: 'Webhook',
        name: 'strict',
        entityType: 'StrictEvent',
      });
      const refused = await deliver(t, strict, body, xHeaders(strict.secret, now(), body, 'no-1'));
      const listed = await listEvents(t, admin, strict.id);
      expect(listed.items).toEqual([
        expect.objectContaining({
          status: 'failed',
          nodeId: null,
          failureReason: expect.stringContaining('properties.customer: is required'),
        }),
      ]);
      // Not a 5xx: retrying cannot help until the ontology changes.
      expect(expectError(refused, 409, 'CONFLICT').details).toEqual({
        eventId: listed.items[0]?.id,
        status: 'failed',
        reason: expect.stringContaining('properties.customer: is required'),
      });
      expect(
        expectData(await ontology.get('/api/queries/nodes', { entityType: 'StrictEvent' }), 200),
      ).toEqual([]);
    });

    it('can be linked to other entities, and no user undo takes it back', async () => {
      const connector = await newConnector();
      const customer = await ontology.node('Customer', 'ACME');
      const body = '{"event":"customer.updated","customerId":"acme"}';
      const receipt = expectData(
        await deliver(t, connector, body, xHeaders(connector.secret, now(), body)),
        202,
      );
      const link = await ontology.edge('CONCERNS', receipt.nodeId, customer.id);
      expect(link).toMatchObject({
        sourceId: receipt.nodeId,
        targetId: customer.id,
      } satisfies Partial<GraphEdge>);

      // The admin's own commands are undone; the connector's ingestion is not the admin's.
      await ontology.ok('UNDO');
      await ontology.ok('UNDO');
      const nodes = await ontology.get(`/api/queries/nodes/${receipt.nodeId}`);
      expect(expectData(nodes, 200).name).toBe('customer.updated');
      expectError(await ontology.get(`/api/queries/nodes/${customer.id}`), 404, 'NOT_FOUND');
    });

    it('accepts the Standard Webhooks headers', async () => {
      const connector = await newConnector();
      const body =
        '{"type":"contact.created","timestamp":"2026-01-15T12:00:00Z","data":{"id":"c1"}}';
      const res = await deliver(
        t,
        connector,
        body,
        standardHeaders(connector.secret, 'msg_2KWPBgLl', now(), body),
      );
      const receipt = expectData(res, 202);
      expect(await event(connector, receipt.eventId)).toMatchObject({
        status: 'processed',
        scheme: 'standard-webhooks',
        deliveryId: 'msg_2KWPBgLl',
      });
      const again = await deliver(
        t,
        connector,
        body,
        standardHeaders(connector.secret, 'msg_2KWPBgLl', now() + 1, body),
      );
      expect(expectData(again, 200)).toMatchObject({
        status: 'duplicate',
        duplicateOf: receipt.eventId,
      });
    });

    it('names the node after the event id when the payload has no type', async () => {
      const connector = await newConnector();
      const body = '{"a":1}';
      const receipt = expectData(
        await deliver(t, connector, body, xHeaders(connector.secret, now(), body)),
        202,
      );
      expect(expectData(await ontology.get(`/api/queries/nodes/${receipt.nodeId}`), 200).name).toBe(
        receipt.eventId,
      );
    });

    it('keeps a body sent with a byte order mark readable in the event history', async () => {
      const connector = await newConnector();
      const body = '\uFEFF{"type":"with.bom"}';
      const receipt = expectData(
        await deliver(t, connector, body, xHeaders(connector.secret, now(), body)),
        202,
      );
      expect((await event(connector, receipt.eventId)).payload).toEqual({ type: 'with.bom' });
    });

    it('takes a body of exactly 1 MiB, keeping a payload too big for a property on the event', async () => {
      const connector = await newConnector();
      const prefix = '{"type":"bulk","blob":"';
      const body = `${prefix}${'x'.repeat(ONE_MIB - prefix.length - 2)}"}`;
      expect(Buffer.byteLength(body)).toBe(ONE_MIB);
      const receipt = expectData(
        await deliver(t, connector, body, xHeaders(connector.secret, now(), body)),
        202,
      );
      const node = expectData(
        await ontology.get(`/api/queries/nodes/${receipt.nodeId}`),
        200,
      ) as GraphNode;
      expect(node.properties).toMatchObject({ payloadTooLarge: true, payloadBytes: ONE_MIB });
      expect(node.properties).not.toHaveProperty('payload');
      expect(
        ((await event(connector, receipt.eventId)).payload as { blob: string }).blob,
      ).toHaveLength(ONE_MIB - prefix.length - 2);
    });
  });

  describe('replays', () => {
    it('answers the same event id again with 200 duplicate and ingests it once', async () => {
      const connector = await newConnector();
      const body = '{"type":"order.created","id":1}';
      const first = expectData(
        await deliver(t, connector, body, xHeaders(connector.secret, now(), body, 'order-1')),
        202,
      );
      clock.advance(30_000);
      const resent = await deliver(
        t,
        connector,
        body,
        xHeaders(connector.secret, now(), body, 'order-1'),
      );
      const dup = expectData(resent, 200);
      expect(dup).toEqual({
        eventId: expect.stringMatching(/^evt_/),
        status: 'duplicate',
        nodeId: first.nodeId,
        duplicateOf: first.eventId,
      });
      expect(dup.eventId).not.toBe(first.eventId);
      const nodes = await ontology.get('/api/queries/nodes', {
        entityType: 'WebhookEvent',
        name: 'order.created',
      });
      expect(nodes.body.meta.total).toBe(1);
      const events = await listEvents(t, admin, connector.id);
      expect(events.items.map((e) => e.status)).toEqual(['duplicate', 'processed']);
      expect((await event(connector, dup.eventId)).payload).toBeNull();
    });

    it('without an id, treats the same timestamp and signature as a replay, not the same body', async () => {
      const connector = await newConnector();
      const body = '{"type":"tick"}';
      const headers = xHeaders(connector.secret, now(), body);
      expectData(await deliver(t, connector, body, headers), 202);
      expect(expectData(await deliver(t, connector, body, headers), 200).status).toBe('duplicate');
      // Same signature in upper-case hex: still the same request.
      const upper = {
        ...headers,
        'X-Webhook-Signature': `sha256=${headers['X-Webhook-Signature']!.slice(7).toUpperCase()}`,
      };
      expect(expectData(await deliver(t, connector, body, upper), 200).status).toBe('duplicate');
      // A captured request sent again under a made-up id: the signature still gives it away.
      const renamed = { ...headers, 'X-Webhook-Id': 'fresh-id' };
      expect(expectData(await deliver(t, connector, body, renamed), 200).status).toBe('duplicate');
      clock.advance(1000);
      expect(
        expectData(await deliver(t, connector, body, xHeaders(connector.secret, now(), body)), 202)
          .status,
      ).toBe('processed');
    });

    it('with the id signed, takes identical bytes in the same second under two ids as two events', async () => {
      const connector = await newConnector();
      const body = '{"type":"meter.read","value":7}';
      const ts = now();
      const answers = [];
      for (const headers of [
        xIdHeaders(connector.secret, 'read-1', ts, body),
        xIdHeaders(connector.secret, 'read-2', ts, body),
        standardHeaders(connector.secret, 'read-3', ts, body),
        standardHeaders(connector.secret, 'read-4', ts, body),
      ]) {
        answers.push(expectData(await deliver(t, connector, body, headers), 202));
      }
      expect(answers.map((a) => a.status)).toEqual(Array(4).fill('processed'));
      expect(new Set(answers.map((a) => a.nodeId)).size).toBe(4);
      const nodes = await ontology.get('/api/queries/nodes', {
        entityType: 'WebhookEvent',
        name: 'meter.read',
      });
      expect(
        (expectData(nodes, 200) as GraphNode[]).map((n) => n.properties.deliveryId).sort(),
      ).toEqual(['read-1', 'read-2', 'read-3', 'read-4']);
      const listed = await listEvents(t, admin, connector.id);
      // Received in the same millisecond: sorted by id for the comparison.
      expect(listed.items.map((e) => [e.deliveryId, e.scheme, e.status]).sort()).toEqual([
        ['read-1', 'x-webhook', 'processed'],
        ['read-2', 'x-webhook', 'processed'],
        ['read-3', 'standard-webhooks', 'processed'],
        ['read-4', 'standard-webhooks', 'processed'],
      ]);
    });

    it('with the id signed, answers the same id again as a duplicate, whatever its bytes', async () => {
      const connector = await newConnector();
      const body = '{"type":"order.shipped","n":1}';
      const first = expectData(
        await deliver(t, connector, body, xIdHeaders(connector.secret, 'ship-1', now(), body)),
        202,
      );
      const duplicate = { status: 'duplicate', nodeId: first.nodeId, duplicateOf: first.eventId };
      // The same request again, a retry later, and the same id with other bytes.
      const again = xIdHeaders(connector.secret, 'ship-1', now(), body);
      expect(expectData(await deliver(t, connector, body, again), 200)).toMatchObject(duplicate);
      clock.advance(60_000);
      const retry = xIdHeaders(connector.secret, 'ship-1', now(), body);
      expect(expectData(await deliver(t, connector, body, retry), 200)).toMatchObject(duplicate);
      const other = '{"type":"order.shipped","n":2}';
      const changed = xIdHeaders(connector.secret, 'ship-1', now(), other);
      expect(expectData(await deliver(t, connector, other, changed), 200)).toMatchObject(duplicate);
      // The id is shared with the other conventions: the same id signed the Standard
      // Webhooks way, or with the id outside the signature, is the same event.
      const std = standardHeaders(connector.secret, 'ship-1', now(), other);
      expect(expectData(await deliver(t, connector, other, std), 200)).toMatchObject(duplicate);
      const unsigned = xHeaders(connector.secret, now(), other, 'ship-1');
      expect(expectData(await deliver(t, connector, other, unsigned), 200)).toMatchObject(
        duplicate,
      );
    });

    it('with the id outside the signature, still takes identical bytes in the same second as one event', async () => {
      const connector = await newConnector();
      const body = '{"type":"meter.read","value":8}';
      const ts = now();
      const first = expectData(
        await deliver(t, connector, body, xHeaders(connector.secret, ts, body, 'legacy-1')),
        202,
      );
      // "<timestamp>.<body>" signs the same for both ids: the second is answered as a replay.
      const second = await deliver(
        t,
        connector,
        body,
        xHeaders(connector.secret, ts, body, 'legacy-2'),
      );
      expect(expectData(second, 200)).toMatchObject({
        status: 'duplicate',
        nodeId: first.nodeId,
        duplicateOf: first.eventId,
      });
      // Nor does an id-signed delivery of the same bytes and id count as anything else.
      const idSigned = xIdHeaders(connector.secret, 'legacy-1', ts, body);
      expect(expectData(await deliver(t, connector, body, idSigned), 200)).toMatchObject({
        status: 'duplicate',
        duplicateOf: first.eventId,
      });
      const events = await listEvents(t, admin, connector.id);
      expect(events.items.map((e) => [e.deliveryId, e.status]).sort()).toEqual([
        ['legacy-1', 'duplicate'],
        ['legacy-1', 'processed'],
        ['legacy-2', 'duplicate'],
      ]);
    });

    it('refuses an id-signed delivery whose id was changed, or dropped, with 401', async () => {
      const connector = await newConnector();
      const body = '{"type":"transfer.sent","amount":10}';
      const signed = xIdHeaders(connector.secret, 'transfer-1', now(), body);
      const { 'X-Webhook-Id': _id, ...withoutId } = signed;
      for (const headers of [{ ...signed, 'X-Webhook-Id': 'transfer-2' }, withoutId]) {
        const error = expectError(
          await deliver(t, connector, body, headers),
          401,
          'INVALID_SIGNATURE',
        );
        expect(error.details).toEqual({ check: 'signature_mismatch', scheme: 'x-webhook' });
      }
      // The untouched delivery is accepted, once.
      expectData(await deliver(t, connector, body, signed), 202);
      const events = await listEvents(t, admin, connector.id);
      expect(events.items.map((e) => e.status).sort()).toEqual([
        'processed',
        'rejected',
        'rejected',
      ]);
    });

    it('keeps event ids per connector', async () => {
      const a = await newConnector();
      const b = await newConnector();
      const body = '{"type":"shared"}';
      expectData(await deliver(t, a, body, xHeaders(a.secret, now(), body, 'same-id')), 202);
      expectData(await deliver(t, b, body, xHeaders(b.secret, now(), body, 'same-id')), 202);
    });
  });

  describe('rejections', () => {
    let connector: CreatedConnector;
    const body = '{"type":"payment.succeeded","amount":100}';
    beforeAll(async () => {
      connector = await newConnector();
    });

    it('answers an unknown endpoint with 404', async () => {
      const res = await deliver(
        t,
        { endpointId: 'ep_doesnotexist' },
        body,
        xHeaders(connector.secret, now(), body),
      );
      expectError(res, 404, 'NOT_FOUND');
    });

    it('refuses other media types with 415', async () => {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
      ]) {
        const res = await deliver(t, connector, body, {
          ...xHeaders(connector.secret, now(), body),
          'Content-Type': type,
        });
        expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
      const charset = {
        ...xHeaders(connector.secret, now(), body),
        'Content-Type': 'application/json; charset=utf-8',
      };
      expect((await deliver(t, connector, body, charset)).status).toBe(202);
    });

    it('refuses 1 MiB + 1 byte with 413 and stores nothing', async () => {
      const before = (await listEvents(t, admin, connector.id)).total;
      const big = `{"blob":"${'x'.repeat(ONE_MIB - 10)}"}`;
      expect(Buffer.byteLength(big)).toBe(ONE_MIB + 1);
      const res = await deliver(
        t,
        connector,
        big,
        xHeaders(connector.secret, now(), big, 'too-big'),
      );
      expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').details).toEqual({ limitBytes: ONE_MIB });
      expect((await listEvents(t, admin, connector.id)).total).toBe(before);
    });

    it('also refuses an oversized body sent without Content-Length (chunked) with 413', async () => {
      const before = (await listEvents(t, admin, connector.id)).total;
      const server = http.createServer(t.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: `/api/webhooks/${connector.endpointId}`,
              headers: {
                ...xHeaders(connector.secret, now(), '{}'),
                'Transfer-Encoding': 'chunked',
              },
            },
            (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (d: string) => (text += d));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            },
          );
          req.on('error', reject);
          req.write('{"pad":"');
          // 17 x 64 KiB: past 1 MiB; the service answers once the limit is crossed.
          for (let i = 0; i < 17; i += 1) {
            req.write(chunk);
          }
          req.end('"}');
        });
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      expect((await listEvents(t, admin, connector.id)).total).toBe(before);
    });

    it('answers every signature problem with 401 INVALID_SIGNATURE naming the check', async () => {
      const good = xHeaders(connector.secret, now(), body);
      const std = standardHeaders(connector.secret, 'msg_1', now(), body);
      const withoutHeader = (headers: Record<string, string>, name: string) =>
        Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));
      const cases: [Record<string, string>, string, string | Buffer][] = [
        [{ 'Content-Type': 'application/json' }, 'missing_signature', body],
        [{ ...good, 'X-Webhook-Timestamp': '' }, 'missing_timestamp', body],
        [{ ...good, 'X-Webhook-Timestamp': 'yesterday' }, 'invalid_timestamp', body],
        [{ ...good, 'X-Webhook-Signature': 'sha256=deadbeef' }, 'malformed_signature', body],
        [
          { ...good, 'X-Webhook-Signature': `${good['X-Webhook-Signature']!}00` },
          'malformed_signature',
          body,
        ],
        [
          { ...good, 'X-Webhook-Signature': good['X-Webhook-Signature']!.slice(7) },
          'malformed_signature',
          body,
        ],
        [
          { ...good, 'X-Webhook-Signature': xSignature('whsec_not-the-secret', now(), body) },
          'signature_mismatch',
          body,
        ],
        [good, 'signature_mismatch', body.replace('100', '900')],
        [good, 'signature_mismatch', JSON.stringify(JSON.parse(body), null, 2)],
        [good, 'signature_mismatch', JSON.stringify({ amount: 100, type: 'payment.succeeded' })],
        [withoutHeader(std, 'webhook-id'), 'missing_id', body],
        [{ ...std, 'webhook-timestamp': String(now() - 301) }, 'signature_mismatch', body],
        [
          standardHeaders(connector.secret, 'msg_old', now() - 301, body),
          'timestamp_out_of_tolerance',
          body,
        ],
        [{ ...std, 'webhook-signature': 'v1a,abc' }, 'malformed_signature', body],
      ];
      for (const [headers, check, sent] of cases) {
        const res = await deliver(t, connector, sent, headers);
        const error = expectError(res, 401, 'INVALID_SIGNATURE');
        expect({ check: error.details?.check, message: error.message }).toEqual({
          check,
          message: expect.stringMatching(/^Signature check failed: .+/),
        });
        expect(res.headers['www-authenticate']).toBeUndefined();
      }
    });

    it('rejects a byte changed anywhere in the body', async () => {
      const headers = xHeaders(connector.secret, now(), body);
      for (const index of [0, 10, body.length - 1]) {
        const bytes = Buffer.from(body);
        bytes[index] = bytes[index]! ^ 0x01;
        const res = await deliver(t, connector, bytes, headers);
        expect(expectError(res, 401, 'INVALID_SIGNATURE').details?.check).toBe(
          'signature_mismatch',
        );
      }
    });

    it('accepts 299 s of clock skew either way and refuses 301 s', async () => {
      for (const skew of [-299, 299]) {
        const res = await deliver(
          t,
          connector,
          body,
          xHeaders(connector.secret, now() + skew, body),
        );
        expect(expectData(res, 202).status).toBe('processed');
      }
      for (const [skew, direction] of [
        [-301, 'in the past'],
        [301, 'in the future'],
      ] as const) {
        const res = await deliver(
          t,
          connector,
          body,
          xHeaders(connector.secret, now() + skew, body),
        );
        const error = expectError(res, 401, 'INVALID_SIGNATURE');
        expect(error.details?.check).toBe('timestamp_out_of_tolerance');
        expect(error.message).toContain(`301 s ${direction}`);
      }
    });

    it('answers an authentic body that is not a JSON object with 400', async () => {
      const cases: [string | Buffer, string][] = [
        ['{"type":', 'INVALID_JSON'],
        [Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), 'INVALID_JSON'],
        ['[{"type":"a"}]', 'VALIDATION_ERROR'],
        ['"just a string"', 'VALIDATION_ERROR'],
        ['null', 'VALIDATION_ERROR'],
        ['', 'INVALID_JSON'],
      ];
      for (const [sent, code] of cases) {
        const res = await deliver(t, connector, sent, xHeaders(connector.secret, now(), sent));
        expectError(res, 400, code);
      }
      const longId = xHeaders(connector.secret, now(), body, 'x'.repeat(256));
      expect(
        expectError(await deliver(t, connector, body, longId), 400, 'VALIDATION_ERROR').details,
      ).toEqual({
        issues: [
          { path: 'headers.x-webhook-id', message: 'must be 1-255 visible ASCII characters' },
        ],
      });
    });

    it('records rejected attempts without their payload', async () => {
      const fresh = await newConnector();
      const headers = {
        ...xHeaders(fresh.secret, now(), body, 'forged-1'),
        'X-Webhook-Signature': `sha256=${'0'.repeat(64)}`,
      };
      expectError(await deliver(t, fresh, body, headers), 401, 'INVALID_SIGNATURE');
      clock.advance(1);
      const notObject = '[1]';
      expectError(
        await deliver(t, fresh, notObject, xHeaders(fresh.secret, now(), notObject)),
        400,
        'VALIDATION_ERROR',
      );
      const { items } = await listEvents(t, admin, fresh.id, { status: 'rejected' });
      expect(items).toHaveLength(2);
      expect(
        items.map((e) => [e.failureReason, e.deliveryId, e.scheme, e.nodeId, e.signedAt]),
      ).toEqual([
        ['The webhook body must be a JSON object.', null, 'x-webhook', null, null],
        [expect.stringMatching(/does not match/), 'forged-1', 'x-webhook', null, null],
      ]);
      for (const item of items) {
        expect((await event(fresh, item.id as string)).payload).toBeNull();
      }
    });
  });

  describe('secret rotation', () => {
    it('accepts the old secret during the grace period, then only the new one', async () => {
      const connector = await newConnector();
      const rotated = expectData(
        await request(t.app).post(`/api/connectors/${connector.id}/rotate-secret`).set(admin),
        200,
      );
      const sign = (secret: string, id: string) => {
        const body = `{"type":"rotation","n":"${id}"}`;
        return deliver(t, connector, body, xHeaders(secret, now(), body, id));
      };
      expect((await sign(connector.secret, 'old-1')).status).toBe(202);
      expect((await sign(rotated.secret, 'new-1')).status).toBe(202);
      const body = '{"type":"rotation"}';
      const std = standardHeaders(connector.secret, 'old-std', now(), body);
      expect((await deliver(t, connector, body, std)).status).toBe(202);

      clock.advance(24 * 60 * 60 * 1000 - 1000);
      expect((await sign(connector.secret, 'old-2')).status).toBe(202);
      clock.advance(1000);
      const late = await sign(connector.secret, 'old-3');
      expect(expectError(late, 401, 'INVALID_SIGNATURE').details?.check).toBe('signature_mismatch');
      expect((await sign(rotated.secret, 'new-2')).status).toBe(202);
    });

    it('revokes the old secret at once with a grace period of 0', async () => {
      const connector = await newConnector();
      const rotated = expectData(
        await request(t.app)
          .post(`/api/connectors/${connector.id}/rotate-secret`)
          .set(admin)
          .send({ gracePeriodSeconds: 0 }),
        200,
      );
      const body = '{"type":"x"}';
      expectError(
        await deliver(t, connector, body, xHeaders(connector.secret, now(), body)),
        401,
        'INVALID_SIGNATURE',
      );
      expect(
        (await deliver(t, connector, body, xHeaders(rotated.secret, now(), body))).status,
      ).toBe(202);
    });
  });
});

describe('webhook event history limits', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 8, 0, 0));
  beforeAll(async () => {
    t = await createWebhookTestApp({
      clock,
      env: { WEBHOOK_REJECTED_RECORDS_PER_MINUTE: '3', WEBHOOK_EVENT_RETENTION_DAYS: '2' },
    });
    admin = adminHeaders(t);
  });
  afterAll(() => t.close());

  it('records at most the configured rejections per connector and minute', async () => {
    const connector = await createConnector(t, admin);
    const forged = {
      'Content-Type': 'application/json',
      'X-Webhook-Timestamp': '1',
      'X-Webhook-Signature': `sha256=${'a'.repeat(64)}`,
    };
    for (let i = 0; i < 6; i += 1) {
      expectError(await deliver(t, connector, '{}', forged), 401, 'INVALID_SIGNATURE');
    }
    expect((await listEvents(t, admin, connector.id)).total).toBe(3);
    clock.advance(60_000);
    expectError(await deliver(t, connector, '{}', forged), 401, 'INVALID_SIGNATURE');
    expect((await listEvents(t, admin, connector.id)).total).toBe(4);
  });

  it('deletes events older than the retention period', async () => {
    const connector = await createConnector(t, admin);
    const body = '{"type":"old"}';
    expectData(
      await deliver(t, connector, body, xHeaders(connector.secret, unixSeconds(clock), body)),
      202,
    );
    clock.advance(24 * 60 * 60 * 1000);
    const newer = '{"type":"newer"}';
    expectData(
      await deliver(t, connector, newer, xHeaders(connector.secret, unixSeconds(clock), newer)),
      202,
    );
    clock.advance(24 * 60 * 60 * 1000 + 1);
    const result = await t.container.deps.webhooks.maintenance.run();
    expect(result.purged).toBeGreaterThanOrEqual(1);
    const { items } = await listEvents(t, admin, connector.id);
    expect(items).toHaveLength(1);
    expect(items[0]?.receivedAt).toBe(
      new Date(clock.now() - 24 * 60 * 60 * 1000 - 1).toISOString(),
    );
  });
});
