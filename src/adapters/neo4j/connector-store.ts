import type { ManagedTransaction } from 'neo4j-driver';
import type {
  Connector,
  NewConnector,
  StoredWebhookEvent,
  WebhookEvent,
} from '../../domain/webhooks';
import {
  connectorFromStored,
  sealConnectorSecret,
  storedConnectorOf,
} from '../../ports/connector-records';
import type {
  ConnectorStore,
  DeliveryClaim,
  EventFilter,
  EventOutcome,
  IngestedAs,
  NewDelivery,
  RejectedAttempt,
  ReplayClaim,
} from '../../ports/connector-store';
import { claimedEvent, claimOf, failedEvent, rejectedEvent } from '../../ports/connector-store';
import type { UnitOfWork } from '../../ports/graph-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { ResealChunk, SecretRecordRef } from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import { yieldToEventLoop } from '../../yield-to-event-loop';
import type { Neo4jClient } from './client';
import { transactionOf } from './graph-writer';
import { countField, mapField, readPage, runAll, runOne } from './statement';
import {
  CONNECTOR_BY_ENDPOINT,
  CONNECTOR_COUNT,
  CONNECTOR_CREATE,
  CONNECTOR_DELETE,
  CONNECTOR_GET,
  CONNECTOR_LIST,
  CONNECTOR_ROTATE,
} from './statements/webhook-connectors';
import { resealConnectorSecrets } from './connector-secrets';
import {
  CLAIM_LOCK,
  CLAIM_LOCK_DELETE,
  CONNECTOR_EVENTS_DELETE_CHUNK,
  EVENT_COUNT,
  EVENT_CREATE,
  EVENT_CREATE_FAILED_IF_NEW,
  EVENT_FINISH,
  EVENT_GET,
  EVENT_LIST,
  EVENT_LIVE_BY_DELIVERY,
  EVENT_LIVE_BY_SIGNATURE,
  EVENT_LOCK_GET,
  EVENT_RECLAIM,
  EVENTS_FAIL_INTERRUPTED,
  EVENTS_PURGE_CHUNK,
} from './statements/webhooks';
import { toDateTime, toInt, toOptionalDateTime } from './values';
import {
  connectorProperties,
  eventParams,
  storedConnectorFrom,
  toEvent,
  toStoredEvent,
} from './webhook-records';

/** Events deleted per transaction when a connector's history or expired events are removed. */
const DELETE_CHUNK = 1000;

/**
 * Webhook connectors and received events in Neo4j, as `(:_WebhookConnector)` and
 * `(:_WebhookEvent)` nodes, with the SQLite adapter's semantics: claims and replays of a
 * connector are serialised by its claim lock, and the live-holder uniqueness constraints
 * back the check (see `statements/webhooks.ts`).
 */
export class Neo4jConnectorStore implements ConnectorStore {
  /** `box` seals the connectors' secrets at rest and opens them again. */
  constructor(
    private readonly client: Neo4jClient,
    private readonly box: SecretBox,
  ) {}

  async createConnector(c: NewConnector): Promise<void> {
    const properties = connectorProperties(storedConnectorOf(this.box, c));
    await this.client.write((tx) => runAll(tx, CONNECTOR_CREATE, properties));
  }

  getConnector(workspaceId: string, id: string): Promise<Connector | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, CONNECTOR_GET, { workspaceId, id });
      return record ? this.toConnector(mapField(record, 'connector')) : null;
    });
  }

  findConnectorByEndpoint(endpointId: string): Promise<Connector | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, CONNECTOR_BY_ENDPOINT, { endpointId });
      return record ? this.toConnector(mapField(record, 'connector')) : null;
    });
  }

  listConnectors(workspaceId: string, page: PageRequest): Promise<Page<Connector>> {
    return this.client.read((tx) =>
      readPage(tx, { count: CONNECTOR_COUNT, list: CONNECTOR_LIST }, { workspaceId }, page, (r) =>
        this.toConnector(mapField(r, 'connector')),
      ),
    );
  }

  rotateSecret(
    workspaceId: string,
    id: string,
    rotation: Parameters<ConnectorStore['rotateSecret']>[2],
  ): Promise<Connector | null> {
    const ref = { workspaceId, id };
    return this.client.write(async (tx) => {
      const record = await runOne(tx, CONNECTOR_ROTATE, {
        workspaceId,
        id,
        secret: sealConnectorSecret(this.box, ref, 'secret', rotation.secret),
        previousSecret: sealConnectorSecret(
          this.box,
          ref,
          'previousSecret',
          rotation.previousSecret,
        ),
        previousSecretExpiresAt: toOptionalDateTime(rotation.previousSecretExpiresAt),
        rotatedAt: toDateTime(rotation.rotatedAt),
      });
      return record ? this.toConnector(mapField(record, 'connector')) : null;
    });
  }

  resealSecrets(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return resealConnectorSecrets(this.client, this.box, after, limit);
  }

  async deleteConnector(workspaceId: string, id: string): Promise<boolean> {
    // The connector goes first: from then on its endpoint answers 404 and its events are
    // unreachable, so removing them in chunks afterwards is invisible to clients.
    const deleted = await this.client.write(async (tx) => {
      const record = await runOne(tx, CONNECTOR_DELETE, { workspaceId, id });
      return countField(record, 'deleted') > 0;
    });
    while (
      (await this.client.write(async (tx) => {
        const record = await runOne(tx, CONNECTOR_EVENTS_DELETE_CHUNK, {
          workspaceId,
          connectorId: id,
          limit: toInt(DELETE_CHUNK),
        });
        return countField(record, 'deleted');
      })) === DELETE_CHUNK
    ) {
      await yieldToEventLoop();
    }
    if (deleted) {
      await this.client.write((tx) => runAll(tx, CLAIM_LOCK_DELETE, { connectorId: id }));
    }
    return deleted;
  }

  async claimDeliveryIn(
    uow: UnitOfWork,
    delivery: NewDelivery,
    ingestedAs?: IngestedAs,
  ): Promise<DeliveryClaim> {
    const tx = transactionOf(uow, this.client, delivery.workspaceId);
    // The claim lock is held until the ingesting transaction ends: deliveries of one
    // connector are ingested one at a time.
    await runAll(tx, CLAIM_LOCK, {
      workspaceId: delivery.workspaceId,
      connectorId: delivery.connectorId,
    });
    const original = await liveHolder(tx, delivery.connectorId, delivery, null);
    const event = claimedEvent(delivery, original, ingestedAs);
    await runAll(tx, EVENT_CREATE, eventParams(event));
    return claimOf(event, original);
  }

  recordFailure(delivery: NewDelivery, reason: string, at: string): Promise<WebhookEvent> {
    const failed = failedEvent(delivery, reason, at);
    return this.client.write(async (tx) => {
      const record = await runOne(tx, EVENT_CREATE_FAILED_IF_NEW, eventParams(failed));
      if (!record) {
        throw new Error(`event ${delivery.id} missing right after it was recorded`);
      }
      return toEvent(mapField(record, 'event'));
    });
  }

  async recordRejected(attempt: RejectedAttempt): Promise<void> {
    const event = rejectedEvent(attempt);
    await this.client.write((tx) => runAll(tx, EVENT_CREATE, eventParams(event)));
  }

  finishEvent(
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null> {
    return this.client.write((tx) => finish(tx, workspaceId, id, outcome));
  }

  finishEventIn(
    uow: UnitOfWork,
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null> {
    return finish(transactionOf(uow, this.client, workspaceId), workspaceId, id, outcome);
  }

  claimReplay(
    workspaceId: string,
    connectorId: string,
    id: string,
    at: string,
  ): Promise<ReplayClaim> {
    return this.client.write(async (tx): Promise<ReplayClaim> => {
      await runAll(tx, CLAIM_LOCK, { workspaceId, connectorId });
      const record = await runOne(tx, EVENT_LOCK_GET, { workspaceId, connectorId, id });
      if (!record) {
        return { status: 'missing' };
      }
      const event = toStoredEvent(mapField(record, 'event'));
      const { payload: _payload, ...visible } = event;
      if (event.status !== 'failed') {
        return { status: 'not_failed', event: visible };
      }
      const holder = await liveHolder(tx, connectorId, event, id);
      if (holder) {
        return { status: 'superseded', event: visible, by: holder };
      }
      const claimed = await runOne(tx, EVENT_RECLAIM, { workspaceId, id, at: toDateTime(at) });
      if (!claimed) {
        throw new Error(`event ${id} vanished inside its own transaction`);
      }
      return { status: 'claimed', event: toStoredEvent(mapField(claimed, 'event')) };
    });
  }

  getEvent(
    workspaceId: string,
    connectorId: string,
    id: string,
  ): Promise<StoredWebhookEvent | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, EVENT_GET, { workspaceId, connectorId, id });
      return record ? toStoredEvent(mapField(record, 'event')) : null;
    });
  }

  listEvents(
    workspaceId: string,
    connectorId: string,
    filter: EventFilter,
    page: PageRequest,
  ): Promise<Page<WebhookEvent>> {
    const status = filter.status ?? null;
    return this.client.read((tx) =>
      readPage(
        tx,
        { count: EVENT_COUNT, list: EVENT_LIST },
        { workspaceId, connectorId, status },
        page,
        (r) => toEvent(mapField(r, 'event')),
      ),
    );
  }

  async purgeEvents(before: string): Promise<number> {
    const cutoff = toDateTime(before);
    let total = 0;
    for (;;) {
      const removed = await this.client.write(async (tx) => {
        const record = await runOne(tx, EVENTS_PURGE_CHUNK, {
          before: cutoff,
          limit: toInt(DELETE_CHUNK),
        });
        return countField(record, 'deleted');
      });
      total += removed;
      if (removed < DELETE_CHUNK) {
        return total;
      }
      await yieldToEventLoop();
    }
  }

  failInterrupted(before: string, reason: string, at: string): Promise<number> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, EVENTS_FAIL_INTERRUPTED, {
        before: toDateTime(before),
        reason,
        at: toDateTime(at),
      });
      return countField(record, 'failed');
    });
  }

  private toConnector(properties: Record<string, unknown>): Connector {
    return connectorFromStored(this.box, storedConnectorFrom(properties));
  }
}

/** Moves a `received` event to its outcome; the updated event, if it moved. */
async function finish(
  tx: ManagedTransaction,
  workspaceId: string,
  id: string,
  outcome: EventOutcome,
): Promise<WebhookEvent | null> {
  const record = await runOne(tx, EVENT_FINISH, {
    workspaceId,
    id,
    status: outcome.status,
    at: toDateTime(outcome.at),
    processedAt: outcome.status === 'processed' ? toDateTime(outcome.at) : null,
    nodeId: outcome.status === 'processed' ? outcome.nodeId : null,
    reason: outcome.status === 'failed' ? outcome.reason : null,
  });
  return record ? toEvent(mapField(record, 'event')) : null;
}

/**
 * The live event (other than `exceptId`) holding the delivery's id or signature key, the
 * delivery id's holder first as on SQLite. Runs inside the caller's transaction, under the
 * connector's claim lock.
 */
async function liveHolder(
  tx: ManagedTransaction,
  connectorId: string,
  keys: { deliveryId: string | null; signatureKey: string | null },
  exceptId: string | null,
): Promise<WebhookEvent | null> {
  const byDelivery =
    keys.deliveryId === null
      ? null
      : await runOne(tx, EVENT_LIVE_BY_DELIVERY, { connectorId, deliveryId: keys.deliveryId });
  const bySignature =
    keys.signatureKey === null
      ? null
      : await runOne(tx, EVENT_LIVE_BY_SIGNATURE, {
          connectorId,
          signatureKey: keys.signatureKey,
        });
  const holder = [byDelivery, bySignature]
    .filter((r) => r !== null)
    .map((r) => toEvent(mapField(r, 'event')))
    .find((e) => e.id !== exceptId);
  return holder ?? null;
}
