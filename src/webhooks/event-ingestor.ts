import type { CommandService } from '../commands/command-service';
import { commandSchema, type Command } from '../commands/schemas';
import type { Properties } from '../domain/graph';
import { MAX_PROPERTIES_BYTES, propertiesBytes } from '../domain/properties';
import type { Scope } from '../domain/scopes';
import {
  CONNECTOR_ENTITY_TYPE,
  RECEIVED_VIA,
  eventEdgeId,
  eventNodeName,
  type Connector,
  type WebhookEvent,
} from '../domain/webhooks';
import { AppError } from '../errors';

/** What ingesting one event needs. */
export interface IngestRequest {
  connector: Connector;
  event: WebhookEvent;
  /** The parsed body (a JSON object). */
  payload: Record<string, unknown>;
  /** Id of the node to create (see `eventNodeId`). */
  nodeId: string;
  /** Aborted when the processing bound is exceeded: no further step may start. */
  signal: AbortSignal;
}

/** Turns a received event into ontology data. Reception bounds it in time. */
export interface EventIngestor {
  ingest(request: IngestRequest): Promise<{ nodeId: string }>;
}

/**
 * Scopes of a connector's own commands. The connector is the actor (its id is the actor id),
 * so its nodes and edges appear in the command log like anyone else's, and no user's UNDO
 * can take back an ingested event.
 */
const CONNECTOR_SCOPES: readonly Scope[] = ['write:nodes', 'write:edges'];

function isCode(error: unknown, code: string): error is AppError {
  return error instanceof AppError && error.code === code;
}

/** Runs one command as the connector; a CONFLICT (the record exists already) counts as done. */
async function runAsConnector(
  commands: CommandService,
  connector: Connector,
  command: unknown,
): Promise<void> {
  try {
    await commands.execute(commandSchema.parse(command), {
      workspaceId: connector.workspaceId,
      actorId: connector.id,
      scopes: CONNECTOR_SCOPES,
    });
  } catch (error) {
    // The ids are derived from the delivery, so an existing record is this delivery's own,
    // left by an earlier attempt that ran past its bound and completed anyway.
    if (!isCode(error, 'CONFLICT')) {
      throw error;
    }
  }
}

/**
 * Creates the node that stands for the connector (id = connector id), or leaves it if it
 * exists. Called when a connector is created, and again by ingestion if someone deleted it.
 */
export function ensureConnectorNode(commands: CommandService, connector: Connector): Promise<void> {
  return runAsConnector(commands, connector, {
    type: 'CREATE_NODE',
    payload: {
      id: connector.id,
      entityType: CONNECTOR_ENTITY_TYPE,
      name: connector.name,
      properties: { connectorType: connector.type, eventEntityType: connector.entityType },
    },
  });
}

/**
 * The properties of an event node: ids, receipt time and the payload as a JSON string (a
 * property value cannot be a nested object). A payload too big for the 64 KB property
 * limit is left out and flagged; the event record keeps it whole.
 */
export function eventNodeProperties(request: IngestRequest): Properties {
  const { event, connector, payload } = request;
  const base: Properties = {
    eventId: event.id,
    connectorId: connector.id,
    receivedAt: event.receivedAt,
    payloadBytes: event.payloadBytes,
    ...(event.deliveryId === null ? {} : { deliveryId: event.deliveryId }),
  };
  const withPayload: Properties = { ...base, payload: JSON.stringify(payload) };
  return propertiesBytes(withPayload) <= MAX_PROPERTIES_BYTES
    ? withPayload
    : { ...base, payloadTooLarge: true };
}

/**
 * Ingestion through the CommandService, the one way the graph changes: CREATE_NODE for the
 * event and CREATE_EDGE `RECEIVED_VIA` to the connector's node, in one transaction (one
 * commit per delivery, two log entries). Both ids are derived from the delivery, so when
 * that fails because an earlier attempt left one of the records, or someone deleted the
 * connector's node, the step-by-step path completes what is missing and never creates a
 * second node.
 */
export class GraphEventIngestor implements EventIngestor {
  constructor(private readonly commands: CommandService) {}

  async ingest(request: IngestRequest): Promise<{ nodeId: string }> {
    const { connector, nodeId, signal } = request;
    signal.throwIfAborted();
    const node = commandSchema.parse({
      type: 'CREATE_NODE',
      payload: {
        id: nodeId,
        entityType: connector.entityType,
        name: eventNodeName(request.payload, request.event.id),
        properties: eventNodeProperties(request),
      },
    });
    const edge = commandSchema.parse({
      type: 'CREATE_EDGE',
      payload: {
        id: eventEdgeId(nodeId),
        type: RECEIVED_VIA,
        sourceId: nodeId,
        targetId: connector.id,
      },
    });
    try {
      await this.commands.executeBatch([node, edge], {
        workspaceId: connector.workspaceId,
        actorId: connector.id,
        scopes: CONNECTOR_SCOPES,
      });
      return { nodeId };
    } catch (error) {
      const leftOver = isCode(error, 'CONFLICT');
      const connectorNodeGone = isCode(error, 'NOT_FOUND') && error.details?.end === 'target';
      if (!leftOver && !connectorNodeGone) {
        throw error;
      }
    }
    await this.ingestStepByStep(request, node, edge);
    return { nodeId };
  }

  /** One command at a time, each tolerating the record an earlier attempt left. */
  private async ingestStepByStep(request: IngestRequest, node: Command, edge: Command) {
    const { connector, signal } = request;
    signal.throwIfAborted();
    await runAsConnector(this.commands, connector, node);
    signal.throwIfAborted();
    try {
      await runAsConnector(this.commands, connector, edge);
    } catch (error) {
      // Someone deleted the connector's node: put it back, then link.
      if (!isCode(error, 'NOT_FOUND') || error.details?.end !== 'target') {
        throw error;
      }
      signal.throwIfAborted();
      await ensureConnectorNode(this.commands, connector);
      await runAsConnector(this.commands, connector, edge);
    }
  }
}
