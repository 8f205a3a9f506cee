import { newId } from '../auth/secrets';
import type { CommandService } from '../commands/command-service';
import { isNestedTooDeep, MAX_JSON_DEPTH } from '../domain/json-nesting';
import {
  payloadJson,
  type Connector,
  type ConnectorType,
  type StoredWebhookEvent,
  type WebhookEvent,
} from '../domain/webhooks';
import { ConflictError, NotFoundError } from '../errors';
import type { Clock } from '../ports/clock';
import type { ConnectorStore, EventFilter } from '../ports/connector-store';
import type { Page, PageRequest } from '../ports/paging';
import { ensureConnectorNode } from './event-ingestor';
import type { EventProcessor } from './event-processor';
import { newEndpointId, newWebhookSecret } from './secrets';

/** A connector together with its secret, which is shown only at creation and rotation. */
export interface ConnectorWithSecret {
  connector: Connector;
  secret: string;
}

export interface ConnectorServiceOptions {
  /** How long the previous secret stays valid after a rotation, by default. */
  secretGraceSeconds: number;
}

/** Managing a workspace's connectors and their event history (docs/webhooks.md). */
export class ConnectorService {
  constructor(
    private readonly store: ConnectorStore,
    private readonly commands: CommandService,
    private readonly processor: EventProcessor,
    private readonly clock: Clock,
    private readonly options: ConnectorServiceOptions,
  ) {}

  /**
   * Creates the connector and the node that stands for it in the graph (same id). If the
   * node cannot be created, the connector is removed again: nothing half-made stays.
   */
  async create(input: {
    workspaceId: string;
    type: ConnectorType;
    name: string;
    entityType: string;
  }): Promise<ConnectorWithSecret> {
    const now = new Date(this.clock.now()).toISOString();
    const connector: Connector = {
      id: newId('con'),
      workspaceId: input.workspaceId,
      type: input.type,
      name: input.name,
      entityType: input.entityType,
      endpointId: newEndpointId(),
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretExpiresAt: null,
      secretRotatedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.createConnector(connector);
    try {
      await ensureConnectorNode(this.commands, connector);
    } catch (error) {
      await this.store.deleteConnector(connector.workspaceId, connector.id);
      throw error;
    }
    return { connector, secret: connector.secret };
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<Connector>> {
    return this.store.listConnectors(workspaceId, page);
  }

  async get(workspaceId: string, id: string): Promise<Connector> {
    const connector = await this.store.getConnector(workspaceId, id);
    if (!connector) {
      throw new NotFoundError(`Connector ${id} not found.`);
    }
    return connector;
  }

  /**
   * Issues a new secret. The old one keeps verifying requests for the grace period (the
   * configured default, or `graceSeconds`; 0 revokes it at once, e.g. after a leak). Only
   * the secret just replaced is kept: rotating again ends an earlier grace period.
   */
  async rotateSecret(
    workspaceId: string,
    id: string,
    graceSeconds?: number,
  ): Promise<ConnectorWithSecret> {
    const current = await this.get(workspaceId, id);
    const nowMs = this.clock.now();
    const grace = graceSeconds ?? this.options.secretGraceSeconds;
    const secret = newWebhookSecret();
    const rotated = await this.store.rotateSecret(workspaceId, id, {
      secret,
      previousSecret: grace > 0 ? current.secret : null,
      previousSecretExpiresAt: grace > 0 ? new Date(nowMs + grace * 1000).toISOString() : null,
      rotatedAt: new Date(nowMs).toISOString(),
    });
    if (!rotated) {
      throw new NotFoundError(`Connector ${id} not found.`);
    }
    return { connector: rotated, secret };
  }

  /**
   * Deletes the connector and its event history; its reception URL answers 404 from now
   * on. The nodes it created stay in the ontology (they are the workspace's data).
   */
  async delete(workspaceId: string, id: string): Promise<void> {
    if (!(await this.store.deleteConnector(workspaceId, id))) {
      throw new NotFoundError(`Connector ${id} not found.`);
    }
  }

  async listEvents(
    workspaceId: string,
    connectorId: string,
    filter: EventFilter,
    page: PageRequest,
  ): Promise<Page<WebhookEvent>> {
    await this.get(workspaceId, connectorId);
    return this.store.listEvents(workspaceId, connectorId, filter, page);
  }

  async getEvent(
    workspaceId: string,
    connectorId: string,
    eventId: string,
  ): Promise<StoredWebhookEvent> {
    await this.get(workspaceId, connectorId);
    const event = await this.store.getEvent(workspaceId, connectorId, eventId);
    if (!event) {
      throw new NotFoundError(`Event ${eventId} not found.`);
    }
    return event;
  }

  /**
   * Runs ingestion of a failed event again (one more attempt, within the processing
   * bound). Only failed events can be replayed, and not once another event holds the same
   * delivery (the sender's own retry got through): 409 CONFLICT.
   */
  async replay(workspaceId: string, connectorId: string, eventId: string): Promise<WebhookEvent> {
    const connector = await this.get(workspaceId, connectorId);
    const at = new Date(this.clock.now()).toISOString();
    const claim = await this.store.claimReplay(workspaceId, connectorId, eventId, at);
    switch (claim.status) {
      case 'missing':
        throw new NotFoundError(`Event ${eventId} not found.`);
      case 'not_failed':
        throw new ConflictError(
          `Event ${eventId} is ${claim.event.status}; only failed events can be replayed.`,
          { eventId, status: claim.event.status },
        );
      case 'superseded':
        throw new ConflictError(
          `Event ${eventId} cannot be replayed: event ${claim.by.id} already holds the same delivery.`,
          { eventId, status: claim.event.status, supersededBy: claim.by.id },
        );
      case 'claimed': {
        const payload = JSON.parse(payloadJson(claim.event) ?? '{}') as Record<string, unknown>;
        if (isNestedTooDeep(payload)) {
          // Stored before the nesting limit: reception refuses such a body now, and
          // ingesting it would fail every time. It stays failed, readable as it is.
          const reason = `the payload is nested more than ${MAX_JSON_DEPTH} levels deep`;
          await this.store.finishEvent(workspaceId, eventId, { status: 'failed', reason, at });
          throw new ConflictError(`Event ${eventId} cannot be replayed: ${reason}.`, {
            eventId,
            status: 'failed',
          });
        }
        return this.processor.replay(connector, claim.event, payload);
      }
    }
  }
}
