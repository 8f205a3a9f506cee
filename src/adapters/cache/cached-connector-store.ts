import type { Connector } from '../../domain/webhooks';
import type { ConnectorStore } from '../../ports/connector-store';
import type { InvalidationBus } from '../../ports/invalidation-bus';
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
    await this.invalidations.caughtUp?.();
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

  // Everything below goes straight to the store. Re-encryption (resealSecrets) leaves the
  // secrets' values as they are, so cached entries stay right.
  readonly resealSecrets: ConnectorStore['resealSecrets'] = (...args) =>
    this.inner.resealSecrets(...args);
  readonly createConnector: ConnectorStore['createConnector'] = (...args) =>
    this.inner.createConnector(...args);
  readonly getConnector: ConnectorStore['getConnector'] = (...args) =>
    this.inner.getConnector(...args);
  readonly listConnectors: ConnectorStore['listConnectors'] = (...args) =>
    this.inner.listConnectors(...args);
  readonly claimDeliveryIn: ConnectorStore['claimDeliveryIn'] = (...args) =>
    this.inner.claimDeliveryIn(...args);
  readonly recordFailure: ConnectorStore['recordFailure'] = (...args) =>
    this.inner.recordFailure(...args);
  readonly recordRejected: ConnectorStore['recordRejected'] = (...args) =>
    this.inner.recordRejected(...args);
  readonly finishEvent: ConnectorStore['finishEvent'] = (...args) =>
    this.inner.finishEvent(...args);
  readonly finishEventIn: ConnectorStore['finishEventIn'] = (...args) =>
    this.inner.finishEventIn(...args);
  readonly claimReplay: ConnectorStore['claimReplay'] = (...args) =>
    this.inner.claimReplay(...args);
  readonly getEvent: ConnectorStore['getEvent'] = (...args) => this.inner.getEvent(...args);
  readonly listEvents: ConnectorStore['listEvents'] = (...args) => this.inner.listEvents(...args);
  readonly purgeEvents: ConnectorStore['purgeEvents'] = (...args) =>
    this.inner.purgeEvents(...args);
  readonly failInterrupted: ConnectorStore['failInterrupted'] = (...args) =>
    this.inner.failInterrupted(...args);

  private forget(connectorId: string): void {
    this.byEndpoint.deleteWhere((connector) => connector.id === connectorId);
  }
}
