import type * as webhooks from '../domain/webhooks';
import type { SecretBox, SecretContext } from '../secrets/secret-box';
import type { RecordFields } from './record-fields';
import { planReseal, type SecretRecordRef } from './sealed-secrets';

/**
 * The mapping between connectors and what the engines store, shared by every adapter: each
 * engine only reads and writes its fields. The secrets are sealed here, bound to the
 * connector's workspace, id and field, so the engines never see them in clear.
 */

/** Kind of record in secret contexts and reports. */
export const CONNECTOR_RECORD_KIND = 'webhook-connector';

/** The secret fields of a connector. */
export type ConnectorSecretField = 'secret' | 'previousSecret';

/** A connector as an engine stores it: every field as text, the secrets sealed. */
export interface StoredConnector {
  workspaceId: string;
  id: string;
  type: string;
  name: string;
  entityType: string;
  endpointId: string;
  /** Sealed (or, stored before encryption, plaintext until re-encrypted). */
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  secretRotatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A connector's stored secrets with its identity: what a re-encryption pass works on. */
export type StoredConnectorSecrets = SecretRecordRef &
  Pick<StoredConnector, 'secret' | 'previousSecret'>;

/** What a secret field of a connector is bound to (see `SecretContext`). */
export function connectorSecretContext(
  ref: SecretRecordRef,
  field: ConnectorSecretField,
): SecretContext {
  return [CONNECTOR_RECORD_KIND, ref.workspaceId, ref.id, field];
}

/** `plaintext` (when not null) sealed for the connector's `field`. */
export function sealConnectorSecret(
  box: SecretBox,
  ref: SecretRecordRef,
  field: ConnectorSecretField,
  plaintext: string | null,
): string | null {
  return plaintext === null ? null : box.seal(plaintext, connectorSecretContext(ref, field));
}

/** The stored connector a record holds (its secrets still sealed). */
export function readStoredConnector(r: RecordFields): StoredConnector {
  return {
    id: r.text('id'),
    workspaceId: r.text('workspaceId'),
    type: r.text('type'),
    name: r.text('name'),
    entityType: r.text('entityType'),
    endpointId: r.text('endpointId'),
    secret: r.text('secret'),
    previousSecret: r.optionalText('previousSecret'),
    previousSecretExpiresAt: r.optionalTime('previousSecretExpiresAt'),
    secretRotatedAt: r.optionalTime('secretRotatedAt'),
    createdAt: r.time('createdAt'),
    updatedAt: r.time('updatedAt'),
  };
}

/** A received webhook event, its payload left out. */
export function readWebhookEvent(r: RecordFields): webhooks.WebhookEvent {
  return {
    id: r.text('id'),
    workspaceId: r.text('workspaceId'),
    connectorId: r.text('connectorId'),
    status: r.text('status') as webhooks.EventStatus,
    scheme: r.optionalText('scheme') as webhooks.SignatureScheme | null,
    deliveryId: r.optionalText('deliveryId'),
    signatureKey: r.optionalText('signatureKey'),
    signedAt: r.optionalTime('signedAt'),
    receivedAt: r.time('receivedAt'),
    updatedAt: r.time('updatedAt'),
    processedAt: r.optionalTime('processedAt'),
    attempts: r.number('attempts'),
    nodeId: r.optionalText('nodeId'),
    duplicateOf: r.optionalText('duplicateOf'),
    failureReason: r.optionalText('failureReason'),
    payloadBytes: r.number('payloadBytes'),
  };
}

/** A received webhook event with its payload. */
export function readStoredWebhookEvent(r: RecordFields): webhooks.StoredWebhookEvent {
  return { ...readWebhookEvent(r), payload: r.optionalText('payload') };
}

/**
 * Every field of a stored event under its own name, the payload included: the parameters of
 * an event insert, which each engine adapts to its own value types.
 */
export function storedEventParams(e: webhooks.StoredWebhookEvent) {
  return {
    workspaceId: e.workspaceId,
    id: e.id,
    connectorId: e.connectorId,
    status: e.status,
    scheme: e.scheme,
    deliveryId: e.deliveryId,
    signatureKey: e.signatureKey,
    signedAt: e.signedAt,
    receivedAt: e.receivedAt,
    updatedAt: e.updatedAt,
    processedAt: e.processedAt,
    attempts: e.attempts,
    nodeId: e.nodeId,
    duplicateOf: e.duplicateOf,
    failureReason: e.failureReason,
    payloadBytes: e.payloadBytes,
    payload: e.payload,
  };
}

/** The stored value of a new connector. */
export function storedConnectorOf(
  box: SecretBox,
  connector: webhooks.NewConnector,
): StoredConnector {
  return {
    ...connector,
    secret: box.seal(connector.secret, connectorSecretContext(connector, 'secret')),
    previousSecret: sealConnectorSecret(box, connector, 'previousSecret', connector.previousSecret),
  };
}

/** The connector a stored value holds; a secret no configured key opens becomes null. */
export function connectorFromStored(box: SecretBox, stored: StoredConnector): webhooks.Connector {
  const open = (field: ConnectorSecretField, value: string | null): string | null => {
    if (value === null) {
      return null;
    }
    const opened = box.open(value, connectorSecretContext(stored, field));
    return opened.status === 'unreadable' ? null : opened.value;
  };
  return {
    ...stored,
    type: stored.type as webhooks.ConnectorType,
    secret: open('secret', stored.secret),
    previousSecret: open('previousSecret', stored.previousSecret),
  };
}

/**
 * What a re-encryption chunk must write for connectors `candidates` (see `planReseal`).
 */
export function planConnectorReseal(
  box: SecretBox,
  candidates: readonly StoredConnectorSecrets[],
): ReturnType<typeof planReseal> {
  return planReseal(box, candidates, CONNECTOR_RECORD_KIND, connectorSecretContext);
}
