import request, { type Response } from 'supertest';
import type { WebhookEvent } from '../../src/domain/webhooks';
import type { EventIngestor } from '../../src/webhooks/event-ingestor';
import { expectData, expectError } from '../support/envelope-assertions';
import { ManualClock } from '../support/manual-clock';
import { OntologyClient } from '../support/ontology-client';
import { authHeaders, type TestApp } from '../support/test-app';
import {
  adminHeaders,
  createConnector,
  createWebhookTestApp,
  deliver,
  IngestionGate,
  listEvents,
  unixSeconds,
  waitFor,
  xHeaders,
  type CreatedConnector,
} from '../support/webhook-fixtures';
import { createWorkspaceWithKey } from '../support/workspace-fixtures';

/** Ids the service generates (UUID version 7). */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Starts a request now and tracks when it has answered. */
function inFlight(pending: PromiseLike<Response>) {
  const tracked = {
    done: false,
    response: undefined as Response | undefined,
    promise: Promise.resolve(pending),
  };
  tracked.promise = tracked.promise.then((res) => {
    tracked.done = true;
    tracked.response = res;
    return res;
  });
  return tracked;
}

describe('webhook concurrency', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let busyWorkspace: string;
  const gate = new IngestionGate((r) => r.connector.workspaceId === busyWorkspace);
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  beforeAll(async () => {
    t = await createWebhookTestApp({ clock, ingestor: gate.wrap });
    admin = adminHeaders(t);
    busyWorkspace = t.workspaceId;
  });
  afterEach(() => {
    gate.open();
    gate.close();
  });
  afterAll(() => t.close());

  const send = (connector: CreatedConnector, id: string, body = `{"type":"job","id":"${id}"}`) =>
    inFlight(deliver(t, connector, body, xHeaders(connector.secret, unixSeconds(clock), body, id)));

  it('limits deliveries in progress per workspace to 10 and answers the excess 429, other workspaces unaffected', async () => {
    const connector = await createConnector(t, admin);
    const held = Array.from({ length: 10 }, (_, i) => send(connector, `held-${i}`));
    await waitFor(() => gate.arrived === 10);
    expect(await t.container.deps.webhooks.reception.inProgress(t.workspaceId)).toBe(10);

    const excess = await send(connector, 'excess').promise;
    const error = expectError(excess, 429, 'RATE_LIMITED');
    expect(error.details).toEqual({ limit: 10, retryAfterSeconds: 1 });
    expect(excess.headers['retry-after']).toBe('1');

    const other = await createWorkspaceWithKey(t);
    const elsewhere = await createConnector(t, authHeaders(other.apiKey, other.workspaceId));
    expect(expectData(await send(elsewhere, 'elsewhere').promise, 202).status).toBe('processed');

    gate.open();
    const answers = await Promise.all(held.map((h) => h.promise));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(202));
    expect(await t.container.deps.webhooks.reception.inProgress(t.workspaceId)).toBe(0);
    expect((await send(connector, 'after').promise).status).toBe(202);
    // The refused delivery was not recorded; it can be sent again.
    expect((await listEvents(t, admin, connector.id)).total).toBe(11);
    expect((await send(connector, 'excess').promise).status).toBe(202);
  });

  it('ingests concurrent deliveries of one event exactly once', async () => {
    const connector = await createConnector(t, admin);
    const body = '{"type":"payment.captured","id":"pay_1"}';
    const copies = Array.from({ length: 5 }, () => send(connector, 'pay_1', body));
    // All five verified and waiting to be ingested, then released together.
    await waitFor(() => gate.arrived === 5);
    gate.open();
    const all = await Promise.all(copies.map((c) => c.promise));
    const accepted = all.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(1);
    const original = expectData(accepted[0]!, 202);
    expect(original).toMatchObject({ status: 'processed', duplicateOf: null });
    const duplicates = all.filter((r) => r.status !== 202);
    expect(duplicates).toHaveLength(4);
    for (const res of duplicates) {
      expect(expectData(res, 200)).toEqual({
        eventId: expect.stringMatching(/^evt_/),
        status: 'duplicate',
        nodeId: original.nodeId,
        duplicateOf: original.eventId,
      });
    }
    const ontology = new OntologyClient(t, t.apiKey, t.workspaceId);
    const nodes = await ontology.get('/api/queries/nodes', { name: 'payment.captured' });
    expect(nodes.body.meta.total).toBe(1);
    const statuses = (await listEvents(t, admin, connector.id)).items.map((e) => e.status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'processed']);
  });
});

/** Ingestion modes the processing-bound tests switch between. */
type Mode = 'normal' | 'hang' | 'late' | 'just-in-time';

/** How a late attempt ended: the event it committed, or why it could not commit. */
type LateOutcome = { committed: string } | { refused: string };

/**
 * The slow dependency. `hang` never finishes (it gives up once aborted). `late` runs the
 * real ingestion only after the bound has passed and its failure is recorded, as a store
 * write stuck somewhere would. `just-in-time` runs it to its commit within the bound but
 * answers only once the bound has passed, so the commit is ahead of the failure record (a
 * transaction committing just as the bound passes). Started only as the bound passes, the
 * ingestion would race the failure record, which on Neo4j (asynchronous transactions, unlike
 * the embedded store's) may win; either way exactly one of them stands.
 */
function slowIngestor(mode: () => Mode, lateDone: (outcome: LateOutcome) => void) {
  const slow =
    <R extends { signal: AbortSignal }>(run: (request: R) => Promise<WebhookEvent>) =>
    (req: R): Promise<WebhookEvent> => {
      const current = mode();
      if (current === 'normal') {
        return run(req);
      }
      const attempt = () => {
        const ran = run({ ...req, signal: new AbortController().signal });
        void ran.then(
          (event) => lateDone({ committed: event.id }),
          (error: Error) => lateDone({ refused: error.message }),
        );
        return ran;
      };
      const aborted = new Promise<never>((_resolve, reject) => {
        req.signal.addEventListener('abort', () => {
          reject(req.signal.reason as Error);
          if (current === 'late') {
            setTimeout(() => void attempt(), 50);
          }
        });
      });
      if (current === 'just-in-time') {
        return attempt().then(() => aborted);
      }
      return aborted;
    };
  return (inner: EventIngestor): EventIngestor => ({
    ingestDelivery: slow((req) => inner.ingestDelivery(req)),
    ingestReplay: slow((req) => inner.ingestReplay(req)),
  });
}

describe('webhook processing bound', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ontology: OntologyClient;
  let mode: Mode = 'normal';
  const late: LateOutcome[] = [];
  const clock = new ManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  beforeAll(async () => {
    t = await createWebhookTestApp({
      clock,
      // Long enough that a normal ingestion finishes within it on a loaded machine; the
      // slow modes wait for the bound, so every test pays it at most a few times.
      env: { WEBHOOK_PROCESSING_TIMEOUT_MS: '750' },
      ingestor: slowIngestor(
        () => mode,
        (outcome) => late.push(outcome),
      ),
    });
    admin = adminHeaders(t);
    ontology = new OntologyClient(t, t.apiKey, t.workspaceId);
  });
  afterEach(() => {
    mode = 'normal';
  });
  afterAll(() => t.close());

  const send = (connector: CreatedConnector, id: string, body = `{"type":"slow","id":"${id}"}`) =>
    deliver(t, connector, body, xHeaders(connector.secret, unixSeconds(clock), body, id));
  const replay = (connector: CreatedConnector, eventId: string) =>
    request(t.app).post(`/api/connectors/${connector.id}/events/${eventId}/replay`).set(admin);

  it('fails an event whose ingestion exceeds the bound, with the reason, and takes the retry', async () => {
    const connector = await createConnector(t, admin);
    mode = 'hang';
    const res = await send(connector, 'slow-1');
    const error = expectError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(error.details).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      status: 'failed',
      reason: 'processing exceeded the 750 ms bound',
    });
    expect(res.headers['retry-after']).toBe('5');
    const failed = await listEvents(t, admin, connector.id, { status: 'failed' });
    expect(failed.items).toEqual([
      expect.objectContaining({
        id: error.details?.eventId,
        status: 'failed',
        failureReason: 'processing exceeded the 750 ms bound',
        nodeId: null,
        processedAt: null,
      }),
    ]);
    expect((await ontology.get('/api/queries/nodes', { name: 'slow' })).body.meta.total).toBe(0);

    mode = 'normal';
    const retry = await send(connector, 'slow-1');
    expect(expectData(retry, 202).status).toBe('processed');
    expect((await ontology.get('/api/queries/nodes', { name: 'slow' })).body.meta.total).toBe(1);
    // The sender's retry got through: the failed event can no longer be replayed.
    const refused = await replay(connector, error.details?.eventId as string);
    expect(expectError(refused, 409, 'CONFLICT').details).toMatchObject({
      status: 'failed',
      supersededBy: retry.body.data.eventId,
    });
  });

  it('replays a failed event on request, once', async () => {
    const connector = await createConnector(t, admin);
    mode = 'hang';
    const failed = expectError(
      await send(connector, 'slow-2', '{"type":"replayed"}'),
      503,
      'SERVICE_UNAVAILABLE',
    );
    const eventId = failed.details?.eventId as string;

    const stillSlow = await replay(connector, eventId);
    expectError(stillSlow, 503, 'SERVICE_UNAVAILABLE');

    mode = 'normal';
    const res = await replay(connector, eventId);
    const replayed = expectData(res, 200);
    expect(replayed).toMatchObject({
      id: eventId,
      status: 'processed',
      attempts: 3,
      failureReason: null,
      nodeId: expect.stringMatching(UUID_V7),
    });
    const node = expectData(await ontology.get(`/api/queries/nodes/${replayed.nodeId}`), 200);
    expect(node).toMatchObject({ name: 'replayed', properties: { eventId } });

    const again = await replay(connector, eventId);
    expect(expectError(again, 409, 'CONFLICT').details).toEqual({ eventId, status: 'processed' });
    expectError(await replay(connector, 'evt_unknown'), 404, 'NOT_FOUND');
  });

  it('never lets a timed-out attempt commit later: one delivery, one node', async () => {
    const connector = await createConnector(t, admin);
    mode = 'late';
    const failed = expectError(
      await send(connector, 'slow-3', '{"type":"late"}'),
      503,
      'SERVICE_UNAVAILABLE',
    );
    const eventId = failed.details?.eventId as string;
    await waitFor(() => late.length === 1);
    // The event was recorded failed first, so the attempt's transaction could not commit.
    expect(late.pop()).toEqual({ refused: expect.any(String) as string });
    expect((await ontology.get('/api/queries/nodes', { name: 'late' })).body.meta.total).toBe(0);
    const [event] = (await listEvents(t, admin, connector.id)).items;
    expect(event).toMatchObject({ id: eventId, status: 'failed', nodeId: null });

    // A replay that also runs late cannot commit after its failure either.
    const replayedLate = await replay(connector, eventId);
    expectError(replayedLate, 503, 'SERVICE_UNAVAILABLE');
    await waitFor(() => late.length === 1);
    expect(late.pop()).toEqual({ refused: expect.any(String) as string });
    expect((await ontology.get('/api/queries/nodes', { name: 'late' })).body.meta.total).toBe(0);

    mode = 'normal';
    const replayed = expectData(await replay(connector, eventId), 200);
    expect(replayed).toMatchObject({ status: 'processed', attempts: 3 });
    expect((await ontology.get('/api/queries/nodes', { name: 'late' })).body.meta.total).toBe(1);
    const edges = await ontology.get('/api/queries/edges', {
      sourceId: replayed.nodeId,
      type: 'RECEIVED_VIA',
    });
    expect(edges.body.meta.total).toBe(1);
  });

  it('answers with the ingested event when the attempt commits but answers after the bound', async () => {
    const connector = await createConnector(t, admin);
    mode = 'just-in-time';
    const res = await send(connector, 'slow-4', '{"type":"just-in-time"}');
    const receipt = expectData(res, 202);
    expect(receipt).toMatchObject({ status: 'processed', duplicateOf: null });
    await waitFor(() => late.length === 1);
    expect(late.pop()).toEqual({ committed: receipt.eventId });
    const [event] = (await listEvents(t, admin, connector.id)).items;
    expect(event).toMatchObject({
      id: receipt.eventId,
      status: 'processed',
      nodeId: receipt.nodeId,
    });
    const nodes = await ontology.get('/api/queries/nodes', { name: 'just-in-time' });
    expect(nodes.body.meta.total).toBe(1);
  });

  it('puts back a connector node someone deleted, and links to it', async () => {
    const connector = await createConnector(t, admin);
    await ontology.ok('DELETE_NODE', { id: connector.nodeId });
    const receipt = expectData(await send(connector, 'relink'), 202);
    expect(
      expectData(await ontology.get(`/api/queries/nodes/${connector.nodeId}`), 200).entityType,
    ).toBe('WebhookConnector');
    const edges = await ontology.get('/api/queries/edges', { sourceId: receipt.nodeId });
    expect(expectData(edges, 200)).toEqual([
      expect.objectContaining({ targetId: connector.nodeId }),
    ]);
  });
});
