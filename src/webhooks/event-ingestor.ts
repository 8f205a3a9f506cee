import type { CommandService, CommandTransaction } from '../commands/command-service';
import { commandSchema } from '../commands/schemas';
import type { Properties } from '../domain/graph';
import { newTimeOrderedId } from '../domain/ids';
import { MAX_PROPERTIES_BYTES, propertiesBytes } from '../domain/properties';
import type { Scope } from '../domain/scopes';
import {
  CONNECTOR_ENTITY_TYPE,
  RECEIVED_VIA,
  eventNodeName,
  type Connector,
  type WebhookEvent,
} from '../domain/webhooks';
import { AppError } from '../errors';
import type { Clock } from '../ports/clock';
import type { ConnectorStore, NewDelivery } from '../ports/connector-store';

/** A verified delivery to record and ingest. */
export interface DeliveryRequest {
  connector: Connector;
  delivery: NewDelivery;
  /** The parsed body (a JSON object). */
  payload: Record<string, unknown>;
  /** Aborted when the processing bound is exceeded: the transaction then rolls back. */
  signal: AbortSignal;
}

/** A failed event, claimed back to `received` by a replay, to ingest again. */
export interface ReplayRequest {
  connector: Connector;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  signal: AbortSignal;
}

/**
 * Turns received events into ontology data, each in ONE transaction with the event's own
 * record, so an event is `processed` exactly when its node exists. Reception bounds it in
 * time (EventProcessor).
 */
export interface EventIngestor {
  /**
   * Claims the delivery and ingests it: the event as `processed` with its node, or, when a
   * live event holds the delivery, a `duplicate` record and nothing else.
   */
  ingestDelivery(request: DeliveryRequest): Promise<WebhookEvent>;
  /** Ingests a replayed event and marks it `processed`; fails if it is no longer `received`. */
  ingestReplay(request: ReplayRequest): Promise<WebhookEvent>;
}

/** Scopes of a connector's own commands. */
const CONNECTOR_SCOPES: readonly Scope[] = ['write:nodes', 'write:edges'];

/**
 * A connector's commands: the connector is the actor (its id is the actor id), so no user's
 * UNDO can take back an ingested event; and as a connector never sends UNDO, its commands
 * get no log entry (that entry exists only to undo them).
 */
const asConnector = (connector: Connector) => ({
  workspaceId: connector.workspaceId,
  actorId: connector.id,
  scopes: CONNECTOR_SCOPES,
  undoable: false,
});

function isCode(error: unknown, code: string): error is AppError {
  return error instanceof AppError && error.code === code;
}

/**
 * Creates the node that stands for the connector (id = connector id), or leaves it if it
 * exists. Called when a connector is created, and again by ingestion if someone deleted it.
 */
export async function ensureConnectorNode(
  commands: CommandService,
  connector: Connector,
): Promise<void> {
  const command = commandSchema.parse({
    type: 'CREATE_NODE',
    payload: {
      id: connector.id,
      entityType: CONNECTOR_ENTITY_TYPE,
      name: connector.name,
      properties: { connectorType: connector.type, eventEntityType: connector.entityType },
    },
  });
  try {
    await commands.execute(command, asConnector(connector));
  } catch (error) {
    // CONFLICT: the node exists (a concurrent ingestion put it back first).
    if (!isCode(error, 'CONFLICT')) {
      throw error;
    }
  }
}

/**
 * The properties of an event node: ids, receipt time and the payload as a JSON string (a
 * property value cannot be a nested object). A payload too big for the 64 KB property
 * limit is left out and flagged; the event record keeps it whole.
 */
export function eventNodeProperties(
  event: WebhookEvent,
  payload: Record<string, unknown>,
): Properties {
  const base: Properties = {
    eventId: event.id,
    connectorId: event.connectorId,
    receivedAt: event.receivedAt,
    payloadBytes: event.payloadBytes,
    ...(event.deliveryId === null ? {} : { deliveryId: event.deliveryId }),
  };
  const withPayload: Properties = { ...base, payload: JSON.stringify(payload) };
  return propertiesBytes(withPayload) <= MAX_PROPERTIES_BYTES
    ? withPayload
    : { ...base, payloadTooLarge: true };
}

/** The change event of an event processed in `tx` (the record without its payload). */
function recordProcessed(tx: CommandTransaction, connector: Connector, event: WebhookEvent): void {
  tx.uow.feed?.add({
    type: 'connector.eventProcessed',
    subjectType: connector.entityType,
    subjectId: event.id,
    cause: { connectorEventId: event.id },
    data: { before: null, after: event },
  });
}

/**
 * Ingestion through the CommandService, the one way the graph changes, in one command
 * transaction per event: the event's record (a new delivery's claim, written as
 * `processed`; for a replay, the move of its `received` record to `processed`), a
 * CREATE_NODE for the event and a CREATE_EDGE `RECEIVED_VIA` to the connector's node. One
 * commit, one sync. An attempt completes whole or leaves nothing, so node ids need no
 * derivation from the delivery: each is a fresh time-ordered id.
 */
export class GraphEventIngestor implements EventIngestor {
  constructor(
    private readonly commands: CommandService,
    private readonly store: ConnectorStore,
    private readonly clock: Clock,
  ) {}

  ingestDelivery(request: DeliveryRequest): Promise<WebhookEvent> {
    const { connector, signal } = request;
    return this.withConnectorNode(connector, signal, () =>
      this.commands.transaction(asConnector(connector), async (tx) => {
        signal.throwIfAborted();
        // Claimed straight as `processed` by the node written next: one write of the event.
        const ingestedAs = { nodeId: this.newNodeId(), at: this.now() };
        const claim = await this.store.claimDeliveryIn(tx.uow, request.delivery, ingestedAs);
        if (claim.status === 'claimed') {
          await this.writeNode(tx, connector, claim.event, request.payload, ingestedAs.nodeId);
          recordProcessed(tx, connector, claim.event);
        }
        return claim.event;
      }),
    );
  }

  ingestReplay(request: ReplayRequest): Promise<WebhookEvent> {
    const { connector, event, signal } = request;
    return this.withConnectorNode(connector, signal, () =>
      this.commands.transaction(asConnector(connector), async (tx) => {
        signal.throwIfAborted();
        const nodeId = this.newNodeId();
        await this.writeNode(tx, connector, event, request.payload, nodeId);
        const processed = await this.store.finishEventIn(tx.uow, event.workspaceId, event.id, {
          status: 'processed',
          nodeId,
          at: this.now(),
        });
        if (!processed) {
          // The processing bound passed and the event was failed meanwhile: this late
          // attempt must not commit (the node would exist for a failed event).
          throw new Error(`webhook event ${event.id} is no longer being processed`);
        }
        recordProcessed(tx, connector, processed);
        return processed;
      }),
    );
  }

  /** The event's node and its edge to the connector's node, inside `tx`. */
  private async writeNode(
    tx: CommandTransaction,
    connector: Connector,
    event: WebhookEvent,
    payload: Record<string, unknown>,
    nodeId: string,
  ): Promise<void> {
    await tx.execute(
      commandSchema.parse({
        type: 'CREATE_NODE',
        payload: {
          id: nodeId,
          entityType: connector.entityType,
          name: eventNodeName(payload, event.id),
          properties: eventNodeProperties(event, payload),
        },
      }),
    );
    await tx.execute(
      commandSchema.parse({
        type: 'CREATE_EDGE',
        payload: { type: RECEIVED_VIA, sourceId: nodeId, targetId: connector.id },
      }),
    );
  }

  private newNodeId(): string {
    return newTimeOrderedId(this.clock.now());
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /**
   * Runs `attempt`; when it failed because the connector's node is gone (someone deleted
   * it), puts the node back and runs it once more.
   */
  private async withConnectorNode<T>(
    connector: Connector,
    signal: AbortSignal,
    attempt: () => Promise<T>,
  ): Promise<T> {
    try {
      return await attempt();
    } catch (error) {
      if (!isCode(error, 'NOT_FOUND') || error.details?.end !== 'target') {
        throw error;
      }
    }
    signal.throwIfAborted();
    await ensureConnectorNode(this.commands, connector);
    return attempt();
  }
}
