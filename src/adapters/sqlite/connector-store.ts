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
  storedEventParams,
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
import { SqliteConnectorSecrets } from './connector-secrets';
import type { SqliteDatabase } from './database';
import { runInTransaction, settle } from './graph-transaction';
import {
  connectorParams,
  storedFromRow,
  toEvent,
  toStoredEvent,
  type ConnectorRow,
  type EventRow,
} from './webhook-rows';
import { DELETE_CHUNK, prepareWebhookStatements } from './webhook-statements';

/**
 * Connectors and received events in the embedded store. Reads run on the read-only
 * connection. Connector writes run under the database's mutex (`exclusive`); event writes in
 * group-commit transactions: a claim and its outcome inside the graph transaction that
 * ingests the event (the `...In(uow)` methods), other records in their own. A replay check
 * and the insert it guards always run in one SQLite transaction, so they are atomic.
 */
export class SqliteConnectorStore implements ConnectorStore {
  private readonly s: ReturnType<typeof prepareWebhookStatements>;
  private readonly secrets: SqliteConnectorSecrets;

  /** `box` seals the connectors' secrets at rest and opens them again. */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly box: SecretBox,
  ) {
    this.s = prepareWebhookStatements(db);
    this.secrets = new SqliteConnectorSecrets(db, box);
  }

  async createConnector(connector: NewConnector): Promise<void> {
    const stored = storedConnectorOf(this.box, connector);
    await this.db.exclusive(() => this.s.insertConnector.run(connectorParams(stored)));
  }

  getConnector(workspaceId: string, id: string): Promise<Connector | null> {
    return settle(() => {
      const row = this.s.getConnector.get(workspaceId, id);
      return row ? this.toConnector(row) : null;
    });
  }

  findConnectorByEndpoint(endpointId: string): Promise<Connector | null> {
    return settle(() => {
      const row = this.s.byEndpoint.get(endpointId);
      return row ? this.toConnector(row) : null;
    });
  }

  listConnectors(workspaceId: string, page: PageRequest): Promise<Page<Connector>> {
    return settle(() => ({
      total: this.s.countConnectors.get(workspaceId)?.n ?? 0,
      items: this.s.pageConnectors
        .all(workspaceId, page.limit, page.offset)
        .map((row) => this.toConnector(row)),
    }));
  }

  async rotateSecret(
    workspaceId: string,
    id: string,
    rotation: Parameters<ConnectorStore['rotateSecret']>[2],
  ): Promise<Connector | null> {
    const ref = { workspaceId, id };
    const sealed = {
      ...rotation,
      secret: sealConnectorSecret(this.box, ref, 'secret', rotation.secret),
      previousSecret: sealConnectorSecret(this.box, ref, 'previousSecret', rotation.previousSecret),
    };
    const row = await this.db.exclusive(() => {
      this.s.rotate.run({ ...sealed, workspaceId, id });
      return this.s.getConnectorWriter.get(workspaceId, id);
    });
    return row ? this.toConnector(row) : null;
  }

  resealSecrets(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return this.secrets.resealChunk(after, limit);
  }

  async deleteConnector(workspaceId: string, id: string): Promise<boolean> {
    // The connector goes first: from then on its endpoint answers 404 and its events are
    // unreachable, so removing them in chunks afterwards is invisible to clients.
    const deleted = await this.db.exclusive(
      () => this.s.deleteConnector.run(workspaceId, id).changes > 0,
    );
    while (
      (await this.db.exclusive(() => this.s.deleteEventsChunk.run(workspaceId, id).changes)) ===
      DELETE_CHUNK
    ) {
      await yieldToEventLoop();
    }
    return deleted;
  }

  claimDeliveryIn(
    uow: UnitOfWork,
    delivery: NewDelivery,
    ingestedAs?: IngestedAs,
  ): Promise<DeliveryClaim> {
    return runInTransaction(uow, this.db, delivery.workspaceId, () => {
      const original = this.liveHolder(delivery.connectorId, delivery, null);
      const event = claimedEvent(delivery, original, ingestedAs);
      this.s.insertEvent.run(storedEventParams(event));
      return claimOf(event, original);
    });
  }

  async recordFailure(delivery: NewDelivery, reason: string, at: string): Promise<WebhookEvent> {
    const row = await this.eventWrite(() => {
      this.s.insertEventIfNew.run(storedEventParams(failedEvent(delivery, reason, at)));
      return this.s.getEventWriter.get(delivery.workspaceId, delivery.id);
    });
    if (!row) {
      throw new Error(`event ${delivery.id} missing right after it was recorded`);
    }
    return toEvent(row);
  }

  async recordRejected(attempt: RejectedAttempt): Promise<void> {
    const event = rejectedEvent(attempt);
    await this.eventWrite(() => this.s.insertEvent.run(storedEventParams(event)));
  }

  async finishEvent(
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null> {
    const row = await this.eventWrite(() => this.finish(workspaceId, id, outcome));
    return row ? toEvent(row) : null;
  }

  async finishEventIn(
    uow: UnitOfWork,
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null> {
    const row = await runInTransaction(uow, this.db, workspaceId, () =>
      this.finish(workspaceId, id, outcome),
    );
    return row ? toEvent(row) : null;
  }

  claimReplay(
    workspaceId: string,
    connectorId: string,
    id: string,
    at: string,
  ): Promise<ReplayClaim> {
    return this.db.exclusive(() =>
      this.db.writer.transaction((): ReplayClaim => {
        const row = this.s.getStoredEventWriter.get(workspaceId, connectorId, id);
        if (!row) {
          return { status: 'missing' };
        }
        const event = toStoredEvent(row);
        if (event.status !== 'failed') {
          return { status: 'not_failed', event: toEvent(row) };
        }
        const holder = this.liveHolder(connectorId, event, id);
        if (holder) {
          return { status: 'superseded', event: toEvent(row), by: holder };
        }
        this.s.reclaim.run({ workspaceId, id, at });
        const claimed = this.s.getStoredEventWriter.get(workspaceId, connectorId, id);
        if (!claimed) {
          throw new Error(`event ${id} vanished inside its own transaction`);
        }
        return { status: 'claimed', event: toStoredEvent(claimed) };
      })(),
    );
  }

  getEvent(
    workspaceId: string,
    connectorId: string,
    id: string,
  ): Promise<StoredWebhookEvent | null> {
    return settle(() => {
      const row = this.s.getStoredEvent.get(workspaceId, connectorId, id);
      return row ? toStoredEvent(row) : null;
    });
  }

  listEvents(
    workspaceId: string,
    connectorId: string,
    filter: EventFilter,
    page: PageRequest,
  ): Promise<Page<WebhookEvent>> {
    return settle(() => {
      if (filter.status !== undefined) {
        // Two statement pairs, so each can use its index (see migration 007).
        const [count, list] =
          filter.status === 'processed'
            ? [this.s.countProcessed, this.s.pageProcessed]
            : [this.s.countUnprocessed, this.s.pageUnprocessed];
        const args = [workspaceId, connectorId, filter.status] as const;
        return {
          total: count.get(...args)?.n ?? 0,
          items: list.all(...args, page.limit, page.offset).map(toEvent),
        };
      }
      return {
        total: this.s.countEvents.get(workspaceId, connectorId)?.n ?? 0,
        items: this.s.pageEvents
          .all(workspaceId, connectorId, page.limit, page.offset)
          .map(toEvent),
      };
    });
  }

  async purgeEvents(before: string): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.db.exclusive(() => this.s.purgeChunk.run(before).changes);
      total += removed;
      if (removed < DELETE_CHUNK) {
        return total;
      }
      await yieldToEventLoop();
    }
  }

  failInterrupted(before: string, reason: string, at: string): Promise<number> {
    return this.db.exclusive(() => this.s.failInterrupted.run({ before, reason, at }).changes);
  }

  private toConnector(row: ConnectorRow): Connector {
    return connectorFromStored(this.box, storedFromRow(row));
  }

  /** Moves a `received` event to its outcome, on the writer; the updated row, if it moved. */
  private finish(workspaceId: string, id: string, outcome: EventOutcome): EventRow | undefined {
    const changed = this.s.finish.run({
      workspaceId,
      id,
      status: outcome.status,
      at: outcome.at,
      processedAt: outcome.status === 'processed' ? outcome.at : null,
      nodeId: outcome.status === 'processed' ? outcome.nodeId : null,
      reason: outcome.status === 'failed' ? outcome.reason : null,
    }).changes;
    return changed > 0 ? this.s.getEventWriter.get(workspaceId, id) : undefined;
  }

  /**
   * Runs an event-history write of its own (a failure, rejection or replay outcome) in a
   * group-commit transaction, answered once committed but before it is durable. The sender
   * was not told the event was ingested, so a power loss (not a process crash) right then
   * costs only the record: the sender's retry is accepted. Claims of ingested events are
   * written in the durable command transaction that ingests them (`claimDeliveryIn`).
   */
  private eventWrite<T>(work: () => T): Promise<T> {
    return this.db.transaction(() => settle(work), { durable: false });
  }

  /**
   * The live event (other than `exceptId`) holding the delivery's id or signature key.
   * Runs on the writer, inside the caller's transaction.
   */
  private liveHolder(
    connectorId: string,
    keys: { deliveryId: string | null; signatureKey: string | null },
    exceptId: string | null,
  ): WebhookEvent | null {
    const candidates = [
      keys.deliveryId === null
        ? undefined
        : this.s.liveByDelivery.get(connectorId, keys.deliveryId),
      keys.signatureKey === null
        ? undefined
        : this.s.liveBySignature.get(connectorId, keys.signatureKey),
    ];
    const row = candidates.find((r) => r !== undefined && r.id !== exceptId);
    return row ? toEvent(row) : null;
  }
}
