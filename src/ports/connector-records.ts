import type { Connector, ConnectorType, NewConnector } from '../domain/webhooks';
import type { SecretBox, SecretContext } from '../secrets/secret-box';
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

/** The stored value of a new connector. */
export function storedConnectorOf(box: SecretBox, connector: NewConnector): StoredConnector {
  return {
    ...connector,
    secret: box.seal(connector.secret, connectorSecretContext(connector, 'secret')),
    previousSecret: sealConnectorSecret(box, connector, 'previousSecret', connector.previousSecret),
  };
}

/** The connector a stored value holds; a secret no configured key opens becomes null. */
export function connectorFromStored(box: SecretBox, stored: StoredConnector): Connector {
  const open = (field: ConnectorSecretField, value: string | null): string | null => {
    if (value === null) {
      return null;
    }
    const opened = box.open(value, connectorSecretContext(stored, field));
    return opened.status === 'unreadable' ? null : opened.value;
  };
  return {
    ...stored,
    type: stored.type as ConnectorType,
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
