import type { Connector, WebhookEvent } from '../../domain/webhooks';

/** A connector as the API shows it (openapi `Connector`): never its secrets. */
export type ConnectorView = Pick<
  Connector,
  | 'id'
  | 'type'
  | 'name'
  | 'entityType'
  | 'endpointId'
  | 'createdAt'
  | 'updatedAt'
  | 'secretRotatedAt'
  | 'previousSecretExpiresAt'
> & {
  /** Where senders post its events. */
  receptionUrl: string;
  /** The connector's own node (the connector id). */
  nodeId: string;
};

/** The public shape of a connector, with the URL its senders post to. */
export function presentConnector(connector: Connector, receptionUrl: string): ConnectorView {
  return {
    id: connector.id,
    type: connector.type,
    name: connector.name,
    entityType: connector.entityType,
    endpointId: connector.endpointId,
    receptionUrl,
    nodeId: connector.id,
    createdAt: connector.createdAt,
    updatedAt: connector.updatedAt,
    secretRotatedAt: connector.secretRotatedAt,
    previousSecretExpiresAt: connector.previousSecretExpiresAt,
  };
}

/**
 * A received webhook event as listed (openapi `WebhookEvent`): no payload, no workspace,
 * no internal replay key.
 */
export type WebhookEventView = Omit<WebhookEvent, 'workspaceId' | 'signatureKey'>;

/** The public shape of a received webhook event. */
export function presentWebhookEvent(event: WebhookEvent): WebhookEventView {
  return {
    id: event.id,
    connectorId: event.connectorId,
    status: event.status,
    scheme: event.scheme,
    deliveryId: event.deliveryId,
    signedAt: event.signedAt,
    receivedAt: event.receivedAt,
    updatedAt: event.updatedAt,
    processedAt: event.processedAt,
    attempts: event.attempts,
    nodeId: event.nodeId,
    duplicateOf: event.duplicateOf,
    failureReason: event.failureReason,
    payloadBytes: event.payloadBytes,
  };
}
