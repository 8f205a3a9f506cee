import { randomBytes, randomUUID } from 'node:crypto';
import type { Connector } from '../../src/domain/webhooks';
import type { ConnectorStore, NewDelivery } from '../../src/ports/connector-store';

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const rid = (kind: string) => `${kind}_${randomBytes(15).toString('base64url')}`;

/** A connector of `workspaceId`, created at `at(offsetMs)`. */
export function makeConnector(workspaceId: string, offsetMs = 0): Connector {
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

/**
 * The behaviour every ConnectorStore adapter must show (issue 6). `factory` is called once
 * for the suite; every test works in workspaces of its own (random ids), so the suite also
 * runs against a shared server such as Neo4j.
 */
export function connectorStoreContract(
  name: string,
  factory: () => Promise<{ store: ConnectorStore; cleanup: () => Promise<void> }>,
): void {
  describe(`ConnectorStore contract: ${name}`, () => {
    let store: ConnectorStore;
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    /** A stored connector in a fresh workspace. */
    async function stored(): Promise<Connector> {
      const connector = makeConnector(randomUUID());
      await store.createConnector(connector);
      return connector;
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
        const claim = await store.claimDelivery(delivery);
        expect(claim.status).toBe('claimed');
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
        await store.claimDelivery(first);
        const byId = await store.claimDelivery(
          makeDelivery(connector, { deliveryId: first.deliveryId }),
        );
        const bySignature = await store.claimDelivery(
          makeDelivery(connector, { deliveryId: null, signatureKey: first.signatureKey }),
        );
        for (const claim of [byId, bySignature]) {
          expect(claim).toMatchObject({ status: 'duplicate', original: { id: first.id } });
          expect(claim.event).toMatchObject({
            status: 'duplicate',
            duplicateOf: first.id,
            attempts: 0,
          });
          const stored = await store.getEvent(connector.workspaceId, connector.id, claim.event.id);
          expect(stored?.payload).toBeNull();
        }
      });

      it('lets exactly one of many concurrent claims of one delivery through', async () => {
        const connector = await stored();
        const deliveryId = rid('d');
        const claims = await Promise.all(
          Array.from({ length: 12 }, () =>
            store.claimDelivery(makeDelivery(connector, { deliveryId })),
          ),
        );
        expect(claims.filter((c) => c.status === 'claimed')).toHaveLength(1);
        expect(claims.filter((c) => c.status === 'duplicate')).toHaveLength(11);
      });

      it('does not let a failed event hold its delivery, and keeps connectors apart', async () => {
        const connector = await stored();
        const first = makeDelivery(connector);
        await store.claimDelivery(first);
        await store.finishEvent(connector.workspaceId, first.id, {
          status: 'failed',
          reason: 'boom',
          at: at(1),
        });
        const retry = await store.claimDelivery(
          makeDelivery(connector, {
            deliveryId: first.deliveryId,
            signatureKey: first.signatureKey,
          }),
        );
        expect(retry.status).toBe('claimed');
        const elsewhere = await stored();
        const same = await store.claimDelivery(
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
        await store.claimDelivery(delivery);
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

    describe('replays', () => {
      it('moves a failed event back to received with one more attempt', async () => {
        const connector = await stored();
        const delivery = makeDelivery(connector);
        await store.claimDelivery(delivery);
        await store.finishEvent(connector.workspaceId, delivery.id, {
          status: 'failed',
          reason: 'boom',
          at: at(1),
        });
        const claim = await store.claimReplay(
          connector.workspaceId,
          connector.id,
          delivery.id,
          at(2),
        );
        expect(claim).toMatchObject({
          status: 'claimed',
          event: {
            status: 'received',
            attempts: 2,
            failureReason: null,
            payload: delivery.payload,
          },
        });
      });

      it('refuses events that are missing, not failed, or whose delivery another event holds', async () => {
        const connector = await stored();
        expect(
          await store.claimReplay(connector.workspaceId, connector.id, rid('evt'), at(1)),
        ).toEqual({
          status: 'missing',
        });
        const live = makeDelivery(connector);
        await store.claimDelivery(live);
        expect(
          await store.claimReplay(connector.workspaceId, connector.id, live.id, at(1)),
        ).toMatchObject({
          status: 'not_failed',
          event: { status: 'received' },
        });
        const failed = makeDelivery(connector);
        await store.claimDelivery(failed);
        await store.finishEvent(connector.workspaceId, failed.id, {
          status: 'failed',
          reason: 'x',
          at: at(1),
        });
        const retried = makeDelivery(connector, { deliveryId: failed.deliveryId });
        await store.claimDelivery(retried);
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
          await store.claimDelivery(delivery);
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
        await store.claimDelivery(old);
        await store.claimDelivery(recent);
        expect(await store.purgeEvents('2000-01-02T00:00:00.000Z')).toBeGreaterThanOrEqual(1);
        expect(await store.getEvent(connector.workspaceId, connector.id, old.id)).toBeNull();
        expect(await store.getEvent(connector.workspaceId, connector.id, recent.id)).not.toBeNull();
      });

      it('fails events left received before a time as interrupted', async () => {
        const connector = await stored();
        const stuck = makeDelivery(connector, { receivedAt: '2001-01-01T00:00:00.000Z' });
        const fresh = makeDelivery(connector);
        await store.claimDelivery(stuck);
        await store.claimDelivery(fresh);
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
