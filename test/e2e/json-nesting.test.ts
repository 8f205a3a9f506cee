import request from 'supertest';
import type { GraphNode } from '../../src/domain/graph';
import type { EventIngestor } from '../../src/webhooks/event-ingestor';
import { expectData, expectError } from '../support/envelope-assertions';
import { codesOf, type GqlError } from '../support/graphql-client';
import { writeEventPayload } from '../support/raw-store';
import type { TestApp } from '../support/test-app';
import {
  adminHeaders,
  createConnector,
  createWebhookTestApp,
  deliver,
  listEvents,
  unixSeconds,
  xHeaders,
} from '../support/webhook-fixtures';

/** `levels` arrays nested in each other, as JSON text (a test must not serialise it). */
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Nesting that overflowed the stack of JSON.stringify before the limit, in 10-40 KB. */
const HOSTILE = 6000;

describe('JSON nested deeper than 64 levels', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  // Ingestion fails while set: makes a `failed` event as an older version stored them.
  let failIngestion = false;
  const ingestor = (inner: EventIngestor): EventIngestor => ({
    ingestDelivery: (req) =>
      failIngestion ? Promise.reject(new Error('ingestion down')) : inner.ingestDelivery(req),
    ingestReplay: (req) => inner.ingestReplay(req),
  });
  beforeAll(async () => {
    t = await createWebhookTestApp({ ingestor, env: { BOOTSTRAP_PLAN: 'enterprise' } });
    admin = adminHeaders(t);
  });
  afterAll(() => t.close());

  const postJson = (path: string, body: string) =>
    request(t.app).post(path).set(admin).set('Content-Type', 'application/json').send(body);

  describe('in REST bodies', () => {
    it('walks a body nested 400,000 levels deep in linear time, then refuses it', async () => {
      // Every walk of a body (the nesting and the text checks) keeps paths as parent links:
      // a path copied per level made this quadratic, far past the test's time limit.
      const res = await postJson('/api/commands/execute', deepArray(400_000));
      expectError(res, 400, 'VALIDATION_ERROR');
    });

    it('refuses a command whose property nests too deeply with 400 naming the property', async () => {
      const body =
        '{"type":"CREATE_NODE","payload":{"entityType":"Pump","name":"p",' +
        `"properties":{"deep":${deepArray(HOSTILE)}}}}`;
      const res = await postJson('/api/commands/execute', body);
      const error = expectError(res, 400, 'VALIDATION_ERROR');
      expect(error.message).toMatch(/nested more than 64 levels/);
      expect(error.details).toEqual({
        issues: [
          {
            path: 'body.payload.properties.deep',
            message: 'arrays and objects may be nested at most 64 levels deep',
          },
        ],
      });
    });

    it('refuses it on every route that reads a JSON body, before the route validates', async () => {
      for (const path of ['/api/api-keys', '/api/connectors', '/api/live-data/ingest']) {
        const res = await postJson(path, `{"x":${deepArray(HOSTILE)}}`);
        expect({ path, code: expectError(res, 400, 'VALIDATION_ERROR').details }).toEqual({
          path,
          code: { issues: [expect.objectContaining({ path: 'body.x' })] },
        });
      }
    });

    it('accepts nesting up to the limit (the route then judges the value)', async () => {
      // 1 (body) + 1 (payload) + 1 (properties) + 61 = 64 levels.
      const body =
        '{"type":"CREATE_NODE","payload":{"entityType":"Pump","name":"p",' +
        `"properties":{"deep":${deepArray(61)}}}}`;
      const error = expectError(
        await postJson('/api/commands/execute', body),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.details).toEqual({
        issues: [
          {
            path: 'body.payload.properties.deep',
            message: 'array items must be strings, numbers or booleans',
          },
        ],
      });
    });
  });

  describe('in GraphQL requests', () => {
    const mutation =
      'mutation ($p: JSON!) { createNode(input: {entityType: "Pump", name: "p", properties: $p}) { node { id } } }';

    const expectGraphQLError = (res: request.Response, path: string) => {
      expect({ status: res.status, codes: codesOf(res) }).toEqual({
        status: 400,
        codes: ['VALIDATION_ERROR'],
      });
      expect(res.body.data).toBeUndefined();
      const error = (res.body.errors as GqlError[])[0]!;
      expect(error.message).toMatch(/nested more than 64 levels/);
      expect(error.extensions.details).toEqual({ issues: [expect.objectContaining({ path })] });
      expect(error.extensions.requestId).toBe(res.headers['x-request-id']);
    };

    it('answers deep variables with a GraphQL VALIDATION_ERROR', async () => {
      const body = `{"query":${JSON.stringify(mutation)},"variables":{"p":{"deep":${deepArray(HOSTILE)}}}}`;
      expectGraphQLError(await postJson('/graphql', body), 'body.variables.p.deep');
    });

    it('answers a document with deeply nested literals the same way', async () => {
      const query = `mutation { createNode(input: {entityType: "Pump", name: "p", properties: {deep: ${deepArray(2400)}}}) { node { id } } }`;
      expectGraphQLError(await postJson('/graphql', JSON.stringify({ query })), 'body.query');
    });

    it('answers deep variables of a GET request the same way', async () => {
      const res = await request(t.app)
        .get('/graphql')
        .set(admin)
        .query({
          query: 'query ($id: ID!) { node(id: $id) { id } }',
          variables: `{"id":${deepArray(500)}}`,
        });
      expectGraphQLError(res, 'query.variables.id');
    });

    it('still reports property values nested within the limit as invalid properties', async () => {
      const body = `{"query":${JSON.stringify(mutation)},"variables":{"p":{"deep":${deepArray(20)}}}}`;
      const res = await postJson('/graphql', body);
      expect(codesOf(res)).toEqual(['VALIDATION_ERROR']);
      const error = (res.body.errors as GqlError[])[0]!;
      expect(error.extensions.details).toEqual({
        issues: [expect.objectContaining({ path: 'args.input.properties.deep' })],
      });
    });
  });

  describe('in webhook payloads', () => {
    it('refuses a signed deep payload with 400, stores no payload and no node, and again on retry', async () => {
      const connector = await createConnector(t, admin);
      const body = `{"type":"deep","data":${deepArray(HOSTILE)}}`;
      for (const attempt of [1, 2]) {
        const now = unixSeconds(t.clock);
        const res = await deliver(t, connector, body, xHeaders(connector.secret, now, body, 'd-1'));
        const error = expectError(res, 400, 'VALIDATION_ERROR');
        expect({ attempt, details: error.details }).toEqual({
          attempt,
          details: { issues: [expect.objectContaining({ path: 'body.data' })] },
        });
      }
      const { items } = await listEvents(t, admin, connector.id);
      expect(items.map((e) => e.status)).toEqual(['rejected', 'rejected']);
      for (const item of items) {
        const event = expectData(
          await request(t.app)
            .get(`/api/connectors/${connector.id}/events/${String(item.id)}`)
            .set(admin),
          200,
        );
        expect(event).toMatchObject({ status: 'rejected', nodeId: null, payload: null });
      }
      const nodes = expectData(
        await request(t.app)
          .get('/api/queries/nodes')
          .query({ entityType: connector.entityType })
          .set(admin),
        200,
      ) as GraphNode[];
      expect(nodes.filter((n) => n.name === 'deep')).toEqual([]);
    });

    it('keeps an event stored with a deep payload by an older version readable, and refuses its replay', async () => {
      const connector = await createConnector(t, admin);
      const body = '{"type":"legacy"}';
      failIngestion = true;
      try {
        const now = unixSeconds(t.clock);
        const res = await deliver(t, connector, body, xHeaders(connector.secret, now, body, 'l-1'));
        expectError(res, 500, 'INTERNAL_ERROR');
      } finally {
        failIngestion = false;
      }
      const [failed] = (await listEvents(t, admin, connector.id)).items;
      expect(failed).toMatchObject({ status: 'failed' });
      const eventPath = `/api/connectors/${connector.id}/events/${String(failed!.id)}`;

      // What an older version stored for such a delivery: the deep payload, as received.
      const legacyPayload = `{"type":"legacy","data":${deepArray(HOSTILE)}}`;
      await writeEventPayload(t.config, t.workspaceId, String(failed!.id), legacyPayload);

      expect((await listEvents(t, admin, connector.id)).items).toHaveLength(1);
      const read = await request(t.app).get(eventPath).set(admin);
      const event = expectData(read, 200) as { payload: { type: string; data: unknown } };
      expect(event.payload.type).toBe('legacy');
      expect(read.text).toContain(deepArray(HOSTILE));

      const replay = await request(t.app).post(`${eventPath}/replay`).set(admin);
      const error = expectError(replay, 409, 'CONFLICT');
      expect(error.message).toMatch(/nested more than 64 levels/);
      expect(expectData(await request(t.app).get(eventPath).set(admin), 200)).toMatchObject({
        status: 'failed',
        nodeId: null,
      });
    });
  });
});
