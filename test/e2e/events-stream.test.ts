import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { OntologyClient } from '../support/ontology-client';
import { openSse, serve, type SseEvent } from '../support/event-clients';
import { createTestApp, type TestApp } from '../support/test-app';
import { createKey, createWorkspaceWithKey } from '../support/workspace-fixtures';
import { seededRandom } from '../support/seeded-random';

/** The seqs of the events (not the bare `id:` lines) a stream delivered. */
const seqsOf = (events: SseEvent[]) =>
  events.filter((e) => e.data !== undefined && e.event !== 'disconnect').map((e) => Number(e.id));

describe('the change feed, live: Server-Sent Events and GraphQL subscriptions', () => {
  let t: TestApp;
  let port: number;
  let close: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        BOOTSTRAP_PLAN: 'enterprise',
        EVENTS_STREAM_HEARTBEAT_MS: '300',
        EVENTS_STREAM_STALL_MS: '500',
      },
    });
    ({ port, close } = await serve(t));
  });
  afterAll(async () => {
    await close();
    await t.close();
  });

  async function workspace() {
    const ws = await createWorkspaceWithKey(t, { plan: 'enterprise' });
    const client = new OntologyClient(t, ws.apiKey, ws.workspaceId);
    const headers = { authorization: `Bearer ${ws.apiKey}`, 'x-workspace-id': ws.workspaceId };
    return { client, headers, ...ws };
  }

  const create = (client: OntologyClient, name: string, entityType = 'Pump') =>
    client.ok('CREATE_NODE', { entityType, name });

  describe('GET /api/events/stream', () => {
    it('sends the events after the cursor, then each new one as it commits', async () => {
      const { client, headers } = await workspace();
      await create(client, 'one');
      await create(client, 'two');
      const stream = await openSse(port, '/api/events/stream?after=1', headers);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      await stream.until((events) => seqsOf(events).length === 1);
      await create(client, 'three');
      await stream.until((events) => seqsOf(events).length === 2);
      stream.close();
      const [second, third] = stream.events.filter((e) => e.data !== undefined);
      expect(second).toMatchObject({ id: '2', event: 'node.created' });
      expect(JSON.parse(second!.data!)).toMatchObject({ seq: 2, type: 'node.created' });
      expect(JSON.parse(third!.data!).data.after.name).toBe('three');
    });

    it('resumes from Last-Event-ID after cuts at random points: no gap, no repeat', async () => {
      const { client, headers } = await workspace();
      const random = seededRandom(7);
      const total = 60;
      const writer = (async () => {
        for (let i = 1; i <= total; i += 1) {
          await create(client, `n${i}`);
          if (random() < 0.3) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
      })();
      const received: number[] = [];
      let lastId: string | undefined;
      while (received.length < total) {
        const stream = await openSse(
          port,
          '/api/events/stream',
          lastId === undefined ? headers : { ...headers, 'last-event-id': lastId },
        );
        const want = Math.min(total, received.length + 1 + Math.floor(random() * 15));
        await stream.until((events) => received.length + seqsOf(events).length >= want, 20_000);
        stream.close();
        received.push(...seqsOf(stream.events));
        lastId = stream.events.filter((e) => e.id !== undefined).at(-1)?.id ?? lastId;
      }
      await writer;
      expect(received).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    });

    it('moves Last-Event-ID past events its filter leaves out, and sends heartbeats', async () => {
      const { client, headers } = await workspace();
      await create(client, 'valve', 'Valve');
      await create(client, 'pump');
      await create(client, 'valve 2', 'Valve');
      const stream = await openSse(port, '/api/events/stream?entityType=Pump', headers);
      await stream.until((events) => events.some((e) => e.id === '3'));
      await stream.until((events) => events.some((e) => e.comments.includes('heartbeat')), 5000);
      stream.close();
      expect(seqsOf(stream.events)).toEqual([2]);
      // The bare id line carries no event: a reconnect starts after the skipped valve.
      expect(stream.events.find((e) => e.id === '3')).toEqual({ id: '3', comments: [] });
      expect(stream.events.filter((e) => e.data !== undefined)).toHaveLength(1);
    });

    it('drops a client that stops reading, which then resumes from its last event', async () => {
      const { client, headers } = await workspace();
      const stream = await openSse(port, '/api/events/stream', headers);
      stream.pause();
      // Far more than the socket buffers of both ends hold on loopback (a few MB).
      const big = 'x'.repeat(60_000);
      const total = 300;
      for (let i = 0; i < total; i += 1) {
        await client.ok('CREATE_NODE', { entityType: 'Pump', name: `n${i}`, properties: { big } });
      }
      // Past EVENTS_STREAM_STALL_MS the server gives up on the reader: what it had not handed
      // to the socket is dropped, not kept. Reading again gets what was in flight, then the end.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      stream.resume();
      await stream.ended;
      const first = seqsOf(stream.events);
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThan(total);
      expect(first).toEqual(Array.from({ length: first.length }, (_, i) => i + 1));
      // Resume from the last event, as EventSource does, again if the resumed stream is cut
      // too (a test client in the server's own process can look stalled while the machine is
      // busy): what arrives in all must be every event once, in order.
      const received = [...first];
      const deadline = Date.now() + 60_000;
      while (received.at(-1) !== total && Date.now() < deadline) {
        const rest = await openSse(port, '/api/events/stream', {
          ...headers,
          'last-event-id': String(received.at(-1)),
        });
        await Promise.race([
          rest.until((events) => seqsOf(events).at(-1) === total, 15_000).catch(() => undefined),
          rest.ended,
        ]);
        rest.close();
        received.push(...seqsOf(rest.events));
      }
      expect(received).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    }, 90_000);

    it('answers errors in the envelope before the stream starts', async () => {
      const { headers } = await workspace();
      const beyond = await openSse(port, '/api/events/stream?after=5', headers);
      expect(beyond.status).toBe(400);
      expect(JSON.parse(beyond.body).error.code).toBe('INVALID_CURSOR');
      const badId = await openSse(port, '/api/events/stream', { ...headers, 'last-event-id': 'x' });
      expect(badId.status).toBe(400);
      expect(JSON.parse(badId.body).error.code).toBe('VALIDATION_ERROR');
      const types = await openSse(port, '/api/events/stream?types=nope', headers);
      expect(types.status).toBe(400);
      const anonymous = await openSse(port, '/api/events/stream', {});
      expect(anonymous.status).toBe(401);
    });
  });

  describe('GraphQL subscription events (graphql-transport-ws)', () => {
    const clients: Client[] = [];
    afterAll(async () => {
      await Promise.all(clients.map((c) => Promise.resolve(c.dispose())));
    });

    function connect(params: Record<string, unknown>): Client {
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: params,
        retryAttempts: 0,
        lazy: true,
      });
      clients.push(client);
      return client;
    }

    /** Subscribes and collects `count` events (or the first error). */
    function take(
      client: Client,
      count: number,
      variables: Record<string, unknown> = {},
      query = 'subscription($after: String, $types: [String!]) { events(after: $after, types: $types) { seq type subject } }',
    ): Promise<{ events: { seq: number; type: string }[]; errors: unknown[] }> {
      return new Promise((resolve) => {
        const events: { seq: number; type: string }[] = [];
        const errors: unknown[] = [];
        const dispose = client.subscribe(
          { query, variables },
          {
            next: (value) => {
              if (value.errors) {
                errors.push(...value.errors);
                dispose();
                resolve({ events, errors });
                return;
              }
              events.push((value.data as { events: { seq: number; type: string } }).events);
              if (events.length >= count) {
                dispose();
                resolve({ events, errors });
              }
            },
            error: (error) => {
              errors.push(error);
              resolve({ events, errors });
            },
            complete: () => resolve({ events, errors }),
          },
        );
      });
    }

    it('replays from the cursor, then goes live, on the same endpoint as queries', async () => {
      const { client, apiKey, workspaceId } = await workspace();
      await create(client, 'one');
      await create(client, 'two');
      const ws = connect({ authorization: `Bearer ${apiKey}`, 'x-workspace-id': workspaceId });
      const pending = take(ws, 3, { after: '1' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await create(client, 'three');
      await create(client, 'four');
      const { events, errors } = await pending;
      expect(errors).toEqual([]);
      expect(events.map((e) => e.seq)).toEqual([2, 3, 4]);
    });

    it('resumes with the last seq after cuts at random points: no gap, no repeat', async () => {
      const { client, apiKey, workspaceId } = await workspace();
      const random = seededRandom(11);
      const total = 40;
      for (let i = 1; i <= total; i += 1) {
        await create(client, `n${i}`);
      }
      const received: number[] = [];
      while (received.length < total) {
        const ws = connect({ authorization: `Bearer ${apiKey}`, 'x-workspace-id': workspaceId });
        const want = Math.min(total - received.length, 1 + Math.floor(random() * 12));
        const after = received.length === 0 ? undefined : String(received.at(-1));
        const { events } = await take(ws, want, after === undefined ? {} : { after });
        await ws.dispose();
        received.push(...events.map((e) => e.seq));
      }
      expect(received).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    });

    it('admits connections as HTTP requests are: credential, workspace, scope', async () => {
      const { apiKey, workspaceId } = await workspace();
      const closeCode = (params: Record<string, unknown>) =>
        new Promise<number>((resolve) => {
          const client = createClient({
            url: `ws://127.0.0.1:${port}/graphql`,
            webSocketImpl: WebSocket,
            connectionParams: params,
            retryAttempts: 0,
            on: { closed: (event) => resolve((event as { code: number }).code) },
          });
          clients.push(client);
          client.subscribe(
            { query: 'subscription { events { seq } }' },
            {
              next: () => undefined,
              error: () => undefined,
              complete: () => undefined,
            },
          );
        });
      expect(await closeCode({ authorization: 'Bearer nope', 'x-workspace-id': workspaceId })).toBe(
        4401,
      );
      expect(await closeCode({ authorization: `Bearer ${apiKey}` })).toBe(4403);
      const other = await createWorkspaceWithKey(t);
      expect(
        await closeCode({ authorization: `Bearer ${apiKey}`, 'x-workspace-id': other.workspaceId }),
      ).toBe(4403);
      const noEvents = await createKey(t, workspaceId, ['read:nodes']);
      expect(
        await closeCode({
          authorization: `Bearer ${noEvents.secret}`,
          'x-workspace-id': workspaceId,
        }),
      ).toBe(4403);
    });

    it('runs only subscriptions over WebSocket, and answers a bad cursor as a GraphQL error', async () => {
      const { apiKey, workspaceId } = await workspace();
      const ws = connect({ authorization: `Bearer ${apiKey}`, 'x-workspace-id': workspaceId });
      const query = await take(ws, 1, {}, '{ events { hasMore } }');
      expect(JSON.stringify(query.errors)).toContain('Only subscriptions run over WebSocket');
      const beyond = await take(ws, 1, { after: '9' });
      expect(beyond.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'INVALID_CURSOR' }),
        }),
      ]);
      const types = await take(ws, 1, { types: ['nope'] });
      expect(types.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'VALIDATION_ERROR' }),
        }),
      ]);
    });
  });
});
