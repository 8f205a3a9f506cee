import type {
  Connector,
  NewConnector,
  StoredWebhookEvent,
  WebhookEvent,
} from '../../domain/webhooks';
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
import type { UnitOfWork } from '../../ports/graph-store';
import type { InvalidationBus } from '../../ports/invalidation-bus';
import type { Page, PageRequest } from '../../ports/paging';
import type { ResealChunk, SecretRecordRef } from '../../ports/sealed-secrets';
import { MemoryInvalidationBus } from '../memory/invalidation-bus';
import { SYSTEM_CACHE_TTL_MS } from './cached-stores';
import { TtlCache } from './ttl-cache';

/**
 * ConnectorStore decorator caching the look-up by endpoint id that every webhook delivery
 * makes. A rotation or deletion is published on the InvalidationBus once committed, so it
 * applies at once on this instance and, with REDIS_URL, on every other; without Redis
 * another instance follows within SYSTEM_CACHE_TTL_MS. Everything else goes straight to
 * the store. Entries hold the connector as read, its secrets decrypted: a delivery served
 * from the cache decrypts nothing.
 */
export class CachedConnectorStore implements ConnectorStore {
  private readonly byEndpoint: TtlCache<string, Connector>;

  constructor(
    private readonly inner: ConnectorStore,
    private readonly invalidations: InvalidationBus = new MemoryInvalidationBus(),
    ttlMs = SYSTEM_CACHE_TTL_MS,
  ) {
    this.byEndpoint = new TtlCache(ttlMs);
    invalidations.subscribe((message) => {
      if (message.kind === 'all') {
        this.byEndpoint.clear();
      } else if (message.kind === 'connector') {
        this.forget(message.id);
      }
    });
  }

  async findConnectorByEndpoint(endpointId: string): Promise<Connector | null> {
    const cached = this.byEndpoint.get(endpointId);
    if (cached) {
      return cached;
    }
    const generation = this.byEndpoint.generation;
    const connector = await this.inner.findConnectorByEndpoint(endpointId);
    // Only connectors that exist are cached, so a new one answers at once.
    if (connector) {
      this.byEndpoint.set(endpointId, connector, generation);
    }
    return connector;
  }

  async rotateSecret(
    workspaceId: string,
    id: string,
    rotation: Parameters<ConnectorStore['rotateSecret']>[2],
  ): Promise<Connector | null> {
    this.forget(id);
    const rotated = await this.inner.rotateSecret(workspaceId, id, rotation);
    await this.invalidations.publish({ kind: 'connector', id });
    return rotated;
  }

  async deleteConnector(workspaceId: string, id: string): Promise<boolean> {
    this.forget(id);
    const deleted = await this.inner.deleteConnector(workspaceId, id);
    await this.invalidations.publish({ kind: 'connector', id });
    return deleted;
  }

  /** Re-encryption leaves the secrets' values as they are, so cached entries stay right. */
  resealSecrets(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return this.inner.resealSecrets(after, limit);
  }

  createConnector(connector: NewConnector): Promise<void> {
    return this.inner.createConnector(connector);
  }

  getConnector(workspaceId: string, id: string): Promise<Connector | null> {
    return this.inner.getConnector(workspaceId, id);
  }

  listConnectors(workspaceId: string, page: PageRequest): Promise<Page<Connector>> {
    return this.inner.listConnectors(workspaceId, page);
  }

  claimDeliveryIn(
    uow: UnitOfWork,
    delivery: NewDelivery,
    ingestedAs?: IngestedAs,
  ): Promise<DeliveryClaim> {
    return this.inner.claimDeliveryIn(uow, delivery, ingestedAs);
  }

  recordFailure(delivery: NewDelivery, reason: string, at: string): Promise<WebhookEvent> {
    return this.inner.recordFailure(delivery, reason, at);
  }

  recordRejected(attempt: RejectedAttempt): Promise<void> {
    return this.inner.recordRejected(attempt);
  }

  finishEvent(
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null> {
    return this.inner.finishEvent(workspaceId, id, outcome);
  }

  finishEventIn(
    uow: UnitOfWork,
    workspaceId: string,
    id: string,
    outcome: EventOutcome,
  ): Promise<WebhookEvent | null> {
    return this.inner.finishEventIn(uow, workspaceId, id, outcome);
  }

  claimReplay(
    workspaceId: string,
    connectorId: string,
    id: string,
    at: string,
  ): Promise<ReplayClaim> {
    return this.inner.claimReplay(workspaceId, connectorId, id, at);
  }

  getEvent(
    workspaceId: string,
    connectorId: string,
    id: string,
  ): Promise<StoredWebhookEvent | null> {
    return this.inner.getEvent(workspaceId, connectorId, id);
  }

  listEvents(
    workspaceId: string,
    connectorId: string,
    filter: EventFilter,
    page: PageRequest,
  ): Promise<Page<WebhookEvent>> {
    return this.inner.listEvents(workspaceId, connectorId, filter, page);
  }

  purgeEvents(before: string): Promise<number> {
    return this.inner.purgeEvents(before);
  }

  failInterrupted(before: string, reason: string, at: string): Promise<number> {
    return this.inner.failInterrupted(before, reason, at);
  }

  private forget(connectorId: string): void {
    this.byEndpoint.deleteWhere((connector) => connector.id === connectorId);
  }
}
