import type {
  EventStatus,
  SignatureScheme,
  StoredWebhookEvent,
  WebhookEvent,
} from '../../domain/webhooks';
import type { StoredConnector } from '../../ports/connector-records';
import { fromDateTime, fromOptionalDateTime, toDateTime, toInt, toNumber } from './values';

/**
 * Mapping between webhook records and the `_WebhookConnector` / `_WebhookEvent` nodes'
 * properties (see `statements/webhook-connectors.ts` and `statements/webhooks.ts`).
 */

export const optionalText = (value: unknown): string | null =>
  typeof value === 'string' ? value : null;
export const optionalTime = (iso: string | null) => (iso === null ? null : toDateTime(iso));

/** The stored connector of `properties(c)` (its secrets still sealed). */
export function storedConnectorFrom(stored: Record<string, unknown>): StoredConnector {
  return {
    id: String(stored.id),
    workspaceId: String(stored.workspaceId),
    type: String(stored.type),
    name: String(stored.name),
    entityType: String(stored.entityType),
    endpointId: String(stored.endpointId),
    secret: String(stored.secret),
    previousSecret: optionalText(stored.previousSecret),
    previousSecretExpiresAt: fromOptionalDateTime(stored.previousSecretExpiresAt),
    secretRotatedAt: fromOptionalDateTime(stored.secretRotatedAt),
    createdAt: fromDateTime(stored.createdAt),
    updatedAt: fromDateTime(stored.updatedAt),
  };
}

/** The properties of a new connector node. */
export function connectorProperties(c: StoredConnector) {
  return {
    ...c,
    previousSecretExpiresAt: optionalTime(c.previousSecretExpiresAt),
    secretRotatedAt: optionalTime(c.secretRotatedAt),
    createdAt: toDateTime(c.createdAt),
    updatedAt: toDateTime(c.updatedAt),
  };
}

export function toEvent(stored: Record<string, unknown>): WebhookEvent {
  return {
    id: String(stored.id),
    workspaceId: String(stored.workspaceId),
    connectorId: String(stored.connectorId),
    status: String(stored.status) as EventStatus,
    scheme: optionalText(stored.scheme) as SignatureScheme | null,
    deliveryId: optionalText(stored.deliveryId),
    signatureKey: optionalText(stored.signatureKey),
    signedAt: fromOptionalDateTime(stored.signedAt),
    receivedAt: fromDateTime(stored.receivedAt),
    updatedAt: fromDateTime(stored.updatedAt),
    processedAt: fromOptionalDateTime(stored.processedAt),
    attempts: toNumber(stored.attempts),
    nodeId: optionalText(stored.nodeId),
    duplicateOf: optionalText(stored.duplicateOf),
    failureReason: optionalText(stored.failureReason),
    payloadBytes: toNumber(stored.payloadBytes),
  };
}

export function toStoredEvent(stored: Record<string, unknown>): StoredWebhookEvent {
  return { ...toEvent(stored), payload: optionalText(stored.payload) };
}

/** Every property of a new event node, the live keys included while it is live. */
export function eventParams(e: StoredWebhookEvent) {
  const live = e.status === 'received' || e.status === 'processed';
  return {
    workspaceId: e.workspaceId,
    id: e.id,
    connectorId: e.connectorId,
    status: e.status,
    scheme: e.scheme,
    deliveryId: e.deliveryId,
    signatureKey: e.signatureKey,
    signedAt: optionalTime(e.signedAt),
    receivedAt: toDateTime(e.receivedAt),
    updatedAt: toDateTime(e.updatedAt),
    processedAt: optionalTime(e.processedAt),
    attempts: toInt(e.attempts),
    nodeId: e.nodeId,
    duplicateOf: e.duplicateOf,
    failureReason: e.failureReason,
    payloadBytes: toInt(e.payloadBytes),
    payload: e.payload,
    liveDeliveryId: live ? e.deliveryId : null,
    liveSignatureKey: live ? e.signatureKey : null,
  };
}
