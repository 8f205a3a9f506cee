import type { StoredWebhookEvent, WebhookEvent } from '../../domain/webhooks';
import {
  readStoredConnector,
  readStoredWebhookEvent,
  readWebhookEvent,
  type StoredConnector,
} from '../../ports/connector-records';
import { rowFields } from './record-fields';

/** A row of `webhook_connectors` (the secrets sealed: see `ports/connector-records.ts`). */
export interface ConnectorRow {
  workspace_id: string;
  id: string;
  type: string;
  name: string;
  entity_type: string;
  endpoint_id: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  secret_rotated_at: string | null;
  created_at: string;
  updated_at: string;
}

export const CONNECTOR_COLUMNS =
  'workspace_id, id, type, name, entity_type, endpoint_id, secret, previous_secret, ' +
  'previous_secret_expires_at, secret_rotated_at, created_at, updated_at';

/** The stored connector a row holds (its secrets still sealed). */
export function storedFromRow(row: ConnectorRow): StoredConnector {
  return readStoredConnector(rowFields(row));
}

/** Named parameters of a connector insert. */
export function connectorParams(c: StoredConnector): Record<string, string | null> {
  return {
    workspaceId: c.workspaceId,
    id: c.id,
    type: c.type,
    name: c.name,
    entityType: c.entityType,
    endpointId: c.endpointId,
    secret: c.secret,
    previousSecret: c.previousSecret,
    previousSecretExpiresAt: c.previousSecretExpiresAt,
    secretRotatedAt: c.secretRotatedAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** A row of `webhook_events`, payload excluded. */
export interface EventRow {
  workspace_id: string;
  id: string;
  connector_id: string;
  status: string;
  scheme: string | null;
  delivery_id: string | null;
  signature_key: string | null;
  signed_at: string | null;
  received_at: string;
  updated_at: string;
  processed_at: string | null;
  attempts: number;
  node_id: string | null;
  duplicate_of: string | null;
  failure_reason: string | null;
  payload_bytes: number;
}

export interface StoredEventRow extends EventRow {
  payload: string | null;
}

export const EVENT_COLUMNS =
  'workspace_id, id, connector_id, status, scheme, delivery_id, signature_key, signed_at, ' +
  'received_at, updated_at, processed_at, attempts, node_id, duplicate_of, failure_reason, ' +
  'payload_bytes';

/** The event a row holds, its payload left out. */
export function toEvent(row: EventRow): WebhookEvent {
  return readWebhookEvent(rowFields(row));
}

export function toStoredEvent(row: StoredEventRow): StoredWebhookEvent {
  return readStoredWebhookEvent(rowFields(row));
}

export const INSERT_EVENT = `INSERT INTO webhook_events (${EVENT_COLUMNS}, payload)
  VALUES (@workspaceId, @id, @connectorId, @status, @scheme, @deliveryId, @signatureKey,
    @signedAt, @receivedAt, @updatedAt, @processedAt, @attempts, @nodeId, @duplicateOf,
    @failureReason, @payloadBytes, @payload)`;
