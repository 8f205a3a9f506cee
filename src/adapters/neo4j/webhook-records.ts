import type { StoredWebhookEvent, WebhookEvent } from '../../domain/webhooks';
import {
  readStoredConnector,
  readStoredWebhookEvent,
  readWebhookEvent,
  storedEventParams,
  type StoredConnector,
} from '../../ports/connector-records';
import { nodeFields } from './record-fields';
import { toDateTime, toInt, toOptionalDateTime } from './values';

/**
 * Mapping between webhook records and the `_WebhookConnector` / `_WebhookEvent` nodes'
 * properties (see `statements/webhook-connectors.ts` and `statements/webhooks.ts`).
 */

/** The stored connector of `properties(c)` (its secrets still sealed). */
export function storedConnectorFrom(stored: Record<string, unknown>): StoredConnector {
  return readStoredConnector(nodeFields(stored));
}

/** The properties of a new connector node. */
export function connectorProperties(c: StoredConnector) {
  return {
    ...c,
    previousSecretExpiresAt: toOptionalDateTime(c.previousSecretExpiresAt),
    secretRotatedAt: toOptionalDateTime(c.secretRotatedAt),
    createdAt: toDateTime(c.createdAt),
    updatedAt: toDateTime(c.updatedAt),
  };
}

/** The event of `properties(e)`, its payload left out. */
export function toEvent(stored: Record<string, unknown>): WebhookEvent {
  return readWebhookEvent(nodeFields(stored));
}

export function toStoredEvent(stored: Record<string, unknown>): StoredWebhookEvent {
  return readStoredWebhookEvent(nodeFields(stored));
}

/** Every property of a new event node, the live keys included while it is live. */
export function eventParams(e: StoredWebhookEvent) {
  const live = e.status === 'received' || e.status === 'processed';
  return {
    ...storedEventParams(e),
    signedAt: toOptionalDateTime(e.signedAt),
    receivedAt: toDateTime(e.receivedAt),
    updatedAt: toDateTime(e.updatedAt),
    processedAt: toOptionalDateTime(e.processedAt),
    attempts: toInt(e.attempts),
    payloadBytes: toInt(e.payloadBytes),
    liveDeliveryId: live ? e.deliveryId : null,
    liveSignatureKey: live ? e.signatureKey : null,
  };
}
