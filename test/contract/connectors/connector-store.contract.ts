import { randomBytes, randomUUID } from 'node:crypto';
import type { Connector, NewConnector } from '../../../src/domain/webhooks';
import type {
  ConnectorStore,
  DeliveryClaim,
  NewDelivery,
} from '../../../src/ports/connector-store';
import type { GraphStore } from '../../../src/ports/graph-store';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const rid = (kind: string) => `${kind}_${randomBytes(15).toString('base64url')}`;

/** A connector of `workspaceId`, created at `at(offsetMs)`. */
export function makeConnector(workspaceId: string, offsetMs = 0): NewConnector {
  return {
    id: rid('con'),
    workspaceId,
    type: 'Webhook',
    name: `connector ${randomUUID().slice(0, 8)}`,
    entityType: 'WebhookEvent',
    endpointId: rid('ep'),
    secret: `whsec_${randomBytes(32).toString('base64')}`,
    previousSecret: null,
    previousSecretExpiresAt: null,
    secretRotatedAt: null,
    createdAt: at(offsetMs),
    updatedAt: at(offsetMs),
  };
}

/** A verified delivery to `connector`. */
export function makeDelivery(
  connector: Connector,
  overrides: Partial<NewDelivery> = {},
): NewDelivery {
  return {
    id: rid('evt'),
    workspaceId: connector.workspaceId,
    connectorId: connector.id,
    scheme: 'x-webhook',
    deliveryId: rid('d'),
    signatureKey: `1768478400:${randomBytes(32).toString('hex')}`,
    signedAt: at(0),
    receivedAt: at(0),
    payload: '{"type":"t"}',
    payloadBytes: 12,
    ...overrides,
  };
}

/** What a runner gives the contract: the store and the GraphStore on the same engine. */
export interface ConnectorStoreFixture {
  store: ConnectorStore;
  /** Its transactions are the units of work the store's `...In(uow)` methods write in. */
  graph: GraphStore;
  cleanup: () => Promise<void>;
}

/** Thrown from inside a transaction to make it roll back. */
class Abort extends Error {}

/**
 * The behaviour every ConnectorStore adapter must show (docs/webhooks.md). `factory` is called once
 * for the suite; every test works in workspaces of its own (random ids), so the suite also
 * runs against a shared server such as Neo4j.
 */
export function connectorStoreContract(
  name: string,
  factory: () => Promise<ConnectorStoreFixture>,
): void {
  describe(`ConnectorStore contract: ${name}`, () => {
    let store: ConnectorStore;
    let graph: GraphStore;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ store, graph, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    /** A stored connector in a fresh workspace. */
    async function stored(): Promise<NewConnector> {
      const connector = makeConnector(randomUUID());
      await store.createConnector(connector);
      return connector;
    }

    /** Claims `delivery` in a graph transaction of its own, committed once this resolves. */
    function claim(delivery: NewDelivery): Promise<DeliveryClaim> {
      return graph.transaction(delivery.workspaceId, (uow) => store.claimDeliveryIn(uow, delivery));
    }

    /** The stored event of `delivery`, as a reader sees it. */
    function eventOf(delivery: NewDelivery) {
      return store.getEvent(delivery.workspaceId, delivery.connectorId, delivery.id);
    }

    describe('connectors', () => {
      it('stores a connector exactly and finds it by id and by endpoint', async () => {
        const connector = await stored();
        expect(await store.getConnector(connector.workspaceId, connector.id)).toEqual(connector);
        expect(await store.findConnectorByEndpoint(connector.endpointId)).toEqual(connector);
        expect(await store.findConnectorByEndpoint(rid('ep'))).toBeNull();
      });

      it('confines reads and writes to the workspace', async () => {
        const connector = await stored();
        const other = randomUUID();
        expect(await store.getConnector(other, connector.id)).toBeNull();
        expect((await store.listConnectors(other, { limit: 10, offset: 0 })).total).toBe(0);
        const rotation = {
          secret: 'x',
          previousSecret: null,
          previousSecretExpiresAt: null,
          rotatedAt: at(1),
        };
        expect(await store.rotateSecret(other, connector.id, rotation)).toBeNull();
        expect(await store.deleteConnector(other, connector.id)).toBe(false);
        expect(await store.getConnector(connector.workspaceId, connector.id)).toEqual(connector);
      });

      it('lists oldest first with a total, paging stably', async () => {
        const ws = randomUUID();
        const made = [makeConnector(ws, 2000), makeConnector(ws, 1000), makeConnector(ws, 3000)];
        for (const c of made) {
          await store.createConnector(c);
        }
        const page1 = await store.listConnectors(ws, { limit: 2, offset: 0 });
        const page2 = await store.listConnectors(ws, { limit: 2, offset: 2 });
        expect(page1.total).toBe(3);
        expect([...page1.items, ...page2.items].map((c) => c.id)).toEqual(
          [made[1], made[0], made[2]].map((c) => c!.id),
        );
      });

      it('rotates secrets', async () => {
        const connector = await stored();
        const rotated = await store.rotateSecret(connector.workspaceId, connector.id, {
          secret: 'whsec_new',
          previousSecret: connector.secret,
          previousSecretExpiresAt: at(86_400_000),
          rotatedAt: at(5),
        });
        expect(rotated).toEqual({
          ...connector,
          secret: 'whsec_new',
          previousSecret: connector.secret,
          previousSecretExpiresAt: at(86_400_000),
          secretRotatedAt: at(5),
          updatedAt: at(5),
        });
      });

      it('deletes a connector with its whole history', async () => {
        const connector = await stored();
        for (let i = 0; i < 25; i += 1) {
          await store.recordRejected({
            id: rid('evt'),
            workspaceId: connector.workspaceId,
            connectorId: connector.id,
            scheme: null,
            deliveryId: null,
            receivedAt: at(i),
            reason: 'bad',
            payloadBytes: 1,
          });
        }
        expect(await store.deleteConnector(connector.workspaceId, connector.id)).toBe(true);
        expect(await store.getConnector(connector.workspaceId, connector.id)).toBeNull();
        expect(await store.findConnectorByEndpoint(connector.endpointId)).toBeNull();
        const left = await store.listEvents(
          connector.workspaceId,
          connector.id,
          {},
          { limit: 1, offset: 0 },
        );
        expect(left.total).toBe(0);
        expect(await store.deleteConnector(connector.workspaceId, connector.id)).toBe(false);
      });
    });

    describe('claiming deliveries', () => {
      it('claims a new delivery as received, with its payload', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        const result = await claim(delivery);
        expect(result.status).toBe('claimed');
        const event = await store.getEvent(connector.workspaceId, connector.id, delivery.id);
        expect(event).toMatchObject({
          id: delivery.id,
          status: 'received',
          deliveryId: delivery.deliveryId,
          signatureKey: delivery.signatureKey,
          attempts: 1,
          payload: delivery.payload,
          payloadBytes: delivery.payloadBytes,
          nodeId: null,
          duplicateOf: null,
        });
      });

      it('records a second delivery of a live id, or of a live signature key, as a duplicate', async () => {
        const connector = await stored();
        const first = makeDelivery(connector);
        await claim(first);
        const byId = await claim(makeDelivery(connector, { deliveryId: first.deliveryId }));
        const bySignature = await claim(
          makeDelivery(connector, { deliveryId: null, signatureKey: first.signatureKey }),
        );
        for (const duplicate of [byId, bySignature]) {
          expect(duplicate).toMatchObject({ status: 'duplicate', original: { id: first.id } });
          expect(duplicate.event).toMatchObject({
            status: 'duplicate',
            duplicateOf: first.id,
            attempts: 0,
          });
          const stored = await store.getEvent(
            connector.workspaceId,
            connector.id,
            duplicate.event.id,
          );
          expect(stored?.payload).toBeNull();
        }
      });

      it('tells deliveries without a signature key apart by their id alone', async () => {
        const connector = await stored();
        const first = makeDelivery(connector, { signatureKey: null });
        expect((await claim(first)).status).toBe('claimed');
        const otherId = await claim(makeDelivery(connector, { signatureKey: null }));
        expect(otherId.status).toBe('claimed');
        const sameId = await claim(
          makeDelivery(connector, { deliveryId: first.deliveryId, signatureKey: null }),
        );
        expect(sameId).toMatchObject({ status: 'duplicate', original: { id: first.id } });
        const event = await store.getEvent(connector.workspaceId, connector.id, first.id);
        expect(event).toMatchObject({ status: 'received', signatureKey: null });
      });

      it('lets exactly one of many concurrent claims of one delivery through', async () => {
        const connector = await stored();
        const deliveryId = rid('d');
        const claims = await Promise.all(
          Array.from({ length: 12 }, () => claim(makeDelivery(connector, { deliveryId }))),
        );
        expect(claims.filter((c) => c.status === 'claimed')).toHaveLength(1);
        expect(claims.filter((c) => c.status === 'duplicate')).toHaveLength(11);
      });

      it('does not let a failed event hold its delivery, and keeps connectors apart', async () => {
        const connector = await stored();
        const first = makeDelivery(connector);
        await claim(first);
        await store.finishEvent(connector.workspaceId, first.id, {
          status: 'failed',
          reason: 'boom',
          at: at(1),
        });
        const retry = await claim(
          makeDelivery(connector, {
            deliveryId: first.deliveryId,
            signatureKey: first.signatureKey,
          }),
        );
        expect(retry.status).toBe('claimed');
        const elsewhere = await stored();
        const same = await claim(
          makeDelivery(elsewhere, {
            deliveryId: first.deliveryId,
            signatureKey: first.signatureKey,
          }),
        );
        expect(same.status).toBe('claimed');
      });

      it('finishes only received events', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await claim(delivery);
        const done = await store.finishEvent(connector.workspaceId, delivery.id, {
          status: 'processed',
          nodeId: 'node-1',
          at: at(7),
        });
        expect(done).toMatchObject({
          status: 'processed',
          nodeId: 'node-1',
          processedAt: at(7),
          updatedAt: at(7),
        });
        const again = await store.finishEvent(connector.workspaceId, delivery.id, {
          status: 'failed',
          reason: 'late',
          at: at(8),
        });
        expect(again).toBeNull();
        expect(
          await store.finishEvent(randomUUID(), delivery.id, {
            status: 'failed',
            reason: 'x',
            at: at(9),
          }),
        ).toBeNull();
      });
    });

    describe('finishing at the same time', () => {
      it('moves a received event once: of concurrent finishes exactly one does it', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await claim(delivery);
        const outcomes = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            store.finishEvent(
              connector.workspaceId,
              delivery.id,
              i % 2 === 0
                ? { status: 'processed', nodeId: `node-${i}`, at: at(10 + i) }
                : { status: 'failed', reason: `reason ${i}`, at: at(10 + i) },
            ),
          ),
        );
        const moved = outcomes.filter((e) => e !== null);
        expect(moved).toHaveLength(1);
        expect(await eventOf(delivery)).toMatchObject({
          status: moved[0]?.status,
          nodeId: moved[0]?.nodeId,
          failureReason: moved[0]?.failureReason,
          updatedAt: moved[0]?.updatedAt,
        });
      });
    });

    describe('claiming inside graph transactions', () => {
      it('rolls a claim back with its transaction, leaving the delivery claimable', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await expect(
          graph.transaction(connector.workspaceId, async (uow) => {
            const claimed = await store.claimDeliveryIn(uow, delivery);
            expect(claimed.status).toBe('claimed');
            throw new Abort('ingestion failed');
          }),
        ).rejects.toBeInstanceOf(Abort);
        expect(await eventOf(delivery)).toBeNull();
        const page = await store.listEvents(
          connector.workspaceId,
          connector.id,
          {},
          { limit: 10, offset: 0 },
        );
        expect(page.total).toBe(0);
        const again = await claim(delivery);
        expect(again.status).toBe('claimed');
        expect(await eventOf(delivery)).toMatchObject({ status: 'received', attempts: 1 });
      });

      it("refuses a unit of work of another workspace than the delivery's", async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        const otherWorkspace = randomUUID();
        await expect(
          graph.transaction(otherWorkspace, (uow) => store.claimDeliveryIn(uow, delivery)),
        ).rejects.toThrow(/another workspace/);
        await expect(
          graph.transaction(otherWorkspace, (uow) =>
            store.finishEventIn(uow, connector.workspaceId, delivery.id, {
              status: 'failed',
              reason: 'x',
              at: at(1),
            }),
          ),
        ).rejects.toThrow(/another workspace/);
        expect(await eventOf(delivery)).toBeNull();
      });

      it('claims a delivery straight as processed by its node, and holds it', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector, { deliveryId: 'straight' });
        const claimed = await graph.transaction(connector.workspaceId, (uow) =>
          store.claimDeliveryIn(uow, delivery, { nodeId: 'node-2', at: at(9) }),
        );
        expect(claimed).toEqual({
          status: 'claimed',
          event: expect.objectContaining({
            id: delivery.id,
            status: 'processed',
            nodeId: 'node-2',
            processedAt: at(9),
            attempts: 1,
          }) as unknown,
        });
        expect(await eventOf(delivery)).toMatchObject({
          status: 'processed',
          nodeId: 'node-2',
          payload: delivery.payload,
        });
        const processed = await store.listEvents(
          connector.workspaceId,
          connector.id,
          { status: 'processed' },
          { limit: 10, offset: 0 },
        );
        expect(processed.items.map((e) => e.id)).toEqual([delivery.id]);
        const again = await claim(makeDelivery(connector, { deliveryId: 'straight' }));
        expect(again).toMatchObject({
          status: 'duplicate',
          event: { nodeId: 'node-2', duplicateOf: delivery.id },
        });
      });

      it('claims and finishes an event in one transaction', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        const finished = await graph.transaction(connector.workspaceId, async (uow) => {
          const claimed = await store.claimDeliveryIn(uow, delivery);
          expect(claimed.status).toBe('claimed');
          return store.finishEventIn(uow, connector.workspaceId, delivery.id, {
            status: 'processed',
            nodeId: 'node-1',
            at: at(7),
          });
        });
        expect(finished).toMatchObject({
          id: delivery.id,
          status: 'processed',
          nodeId: 'node-1',
          processedAt: at(7),
          updatedAt: at(7),
        });
        expect(await eventOf(delivery)).toMatchObject({
          status: 'processed',
          nodeId: 'node-1',
          processedAt: at(7),
          payload: delivery.payload,
        });
      });

      it('finishes inside a transaction only received events', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await claim(delivery);
        await store.finishEvent(connector.workspaceId, delivery.id, {
          status: 'processed',
          nodeId: 'node-1',
          at: at(7),
        });
        const outcomes = await graph.transaction(connector.workspaceId, async (uow) => [
          await store.finishEventIn(uow, connector.workspaceId, delivery.id, {
            status: 'failed',
            reason: 'late',
            at: at(8),
          }),
          await store.finishEventIn(uow, connector.workspaceId, rid('evt'), {
            status: 'processed',
            nodeId: 'node-2',
            at: at(8),
          }),
        ]);
        expect(outcomes).toEqual([null, null]);
        expect(await eventOf(delivery)).toMatchObject({
          status: 'processed',
          nodeId: 'node-1',
          updatedAt: at(7),
          failureReason: null,
        });
      });
    });

    describe('recording failures', () => {
      it('stores a new delivery as failed, with its payload, holding no delivery', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        const failed = await store.recordFailure(delivery, 'timed out', at(5));
        const expected = {
          id: delivery.id,
          connectorId: connector.id,
          status: 'failed',
          deliveryId: delivery.deliveryId,
          receivedAt: delivery.receivedAt,
          updatedAt: at(5),
          processedAt: null,
          attempts: 1,
          nodeId: null,
          duplicateOf: null,
          failureReason: 'timed out',
          payloadBytes: delivery.payloadBytes,
        };
        expect(failed).toMatchObject(expected);
        expect(await eventOf(delivery)).toMatchObject({ ...expected, payload: delivery.payload });
        const retry = await claim(
          makeDelivery(connector, {
            deliveryId: delivery.deliveryId,
            signatureKey: delivery.signatureKey,
          }),
        );
        expect(retry.status).toBe('claimed');
      });

      it('returns an event that exists unchanged', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await graph.transaction(connector.workspaceId, async (uow) => {
          await store.claimDeliveryIn(uow, delivery);
          await store.finishEventIn(uow, connector.workspaceId, delivery.id, {
            status: 'processed',
            nodeId: 'node-1',
            at: at(3),
          });
        });
        const before = await eventOf(delivery);
        const existing = await store.recordFailure(delivery, 'timed out', at(9));
        expect(existing).toMatchObject({
          id: delivery.id,
          status: 'processed',
          nodeId: 'node-1',
          updatedAt: at(3),
          failureReason: null,
        });
        expect(await eventOf(delivery)).toEqual(before);
        expect(before?.status).toBe('processed');
      });

      it('makes a later claim of the same event fail, keeping the failure record', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await store.recordFailure(delivery, 'timed out', at(5));
        const before = await eventOf(delivery);
        // Not `rejects.toThrow()`: a SqliteError may come from another jest context's Error
        // class (see system-stores.contract.ts).
        const outcome = await claim(delivery).then(
          () => 'resolved',
          () => 'rejected',
        );
        expect(outcome).toBe('rejected');
        expect(await eventOf(delivery)).toEqual(before);
        expect(before).toMatchObject({ status: 'failed', failureReason: 'timed out' });
        const page = await store.listEvents(
          connector.workspaceId,
          connector.id,
          {},
          { limit: 10, offset: 0 },
        );
        expect(page.items.map((e) => e.id)).toEqual([delivery.id]);
      });
    });

    describe('replays', () => {
      it('moves a failed event back to received with one more attempt', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await claim(delivery);
        await store.finishEvent(connector.workspaceId, delivery.id, {
          status: 'failed',
          reason: 'boom',
          at: at(1),
        });
        const replay = await store.claimReplay(
          connector.workspaceId,
          connector.id,
          delivery.id,
          at(2),
        );
        expect(replay).toMatchObject({
          status: 'claimed',
          event: {
            status: 'received',
            attempts: 2,
            failureReason: null,
            payload: delivery.payload,
          },
        });
      });

      it('lets exactly one of many concurrent replays of one failed event through', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await claim(delivery);
        await store.finishEvent(connector.workspaceId, delivery.id, {
          status: 'failed',
          reason: 'boom',
          at: at(1),
        });
        const replays = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            store.claimReplay(connector.workspaceId, connector.id, delivery.id, at(2 + i)),
          ),
        );
        expect(replays.filter((r) => r.status === 'claimed')).toHaveLength(1);
        expect(replays.filter((r) => r.status === 'not_failed')).toHaveLength(7);
        expect(await eventOf(delivery)).toMatchObject({ status: 'received', attempts: 2 });
      });

      it('refuses events that are missing, not failed, or whose delivery another event holds', async () => {
        const connector = await stored();
        expect(
          await store.claimReplay(connector.workspaceId, connector.id, rid('evt'), at(1)),
        ).toEqual({
          status: 'missing',
        });
        const live = makeDelivery(connector);
        await claim(live);
        expect(
          await store.claimReplay(connector.workspaceId, connector.id, live.id, at(1)),
        ).toMatchObject({
          status: 'not_failed',
          event: { status: 'received' },
        });
        const failed = makeDelivery(connector);
        await claim(failed);
        await store.finishEvent(connector.workspaceId, failed.id, {
          status: 'failed',
          reason: 'x',
          at: at(1),
        });
        const retried = makeDelivery(connector, { deliveryId: failed.deliveryId });
        await claim(retried);
        expect(
          await store.claimReplay(connector.workspaceId, connector.id, failed.id, at(2)),
        ).toMatchObject({
          status: 'superseded',
          by: { id: retried.id },
        });
      });
    });

    describe('history', () => {
      it('lists newest first, filters by status and pages', async () => {
        const connector = await stored();
        const ids: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          const delivery = makeDelivery(connector, { receivedAt: at(i * 1000) });
          ids.push(delivery.id);
          await claim(delivery);
          if (i % 2 === 0) {
            await store.finishEvent(connector.workspaceId, delivery.id, {
              status: 'processed',
              nodeId: `n${i}`,
              at: at(i * 1000 + 1),
            });
          }
        }
        const all = await store.listEvents(
          connector.workspaceId,
          connector.id,
          {},
          { limit: 3, offset: 0 },
        );
        const rest = await store.listEvents(
          connector.workspaceId,
          connector.id,
          {},
          { limit: 3, offset: 3 },
        );
        expect(all.total).toBe(5);
        expect([...all.items, ...rest.items].map((e) => e.id)).toEqual([...ids].reverse());
        const processed = await store.listEvents(
          connector.workspaceId,
          connector.id,
          { status: 'processed' },
          { limit: 10, offset: 0 },
        );
        expect(processed.total).toBe(3);
        expect(processed.items.map((e) => e.id)).toEqual([ids[4], ids[2], ids[0]]);
        expect(
          (await store.listEvents(randomUUID(), connector.id, {}, { limit: 10, offset: 0 })).total,
        ).toBe(0);
      });

      it('purges events received before a time', async () => {
        const connector = await stored();
        const old = makeDelivery(connector, { receivedAt: '2000-01-01T00:00:00.000Z' });
        const recent = makeDelivery(connector);
        await claim(old);
        await claim(recent);
        expect(await store.purgeEvents('2000-01-02T00:00:00.000Z')).toBeGreaterThanOrEqual(1);
        expect(await store.getEvent(connector.workspaceId, connector.id, old.id)).toBeNull();
        expect(await store.getEvent(connector.workspaceId, connector.id, recent.id)).not.toBeNull();
      });

      it('fails events left received before a time as interrupted', async () => {
        const connector = await stored();
        const stuck = makeDelivery(connector, { receivedAt: '2001-01-01T00:00:00.000Z' });
        const fresh = makeDelivery(connector);
        await claim(stuck);
        await claim(fresh);
        expect(
          await store.failInterrupted('2001-01-02T00:00:00.000Z', 'interrupted', at(1)),
        ).toBeGreaterThanOrEqual(1);
        expect(await store.getEvent(connector.workspaceId, connector.id, stuck.id)).toMatchObject({
          status: 'failed',
          failureReason: 'interrupted',
        });
        expect((await store.getEvent(connector.workspaceId, connector.id, fresh.id))?.status).toBe(
          'received',
        );
      });
    });
  });
}
