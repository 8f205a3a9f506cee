import { planConnectorReseal } from '../../ports/connector-records';
import type { ResealChunk, SecretRecordRef } from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { Neo4jClient } from './client';
import { resealNodeChunk } from './reseal-chunk';
import { CONNECTOR_RESEAL } from './statements/reseal';

/**
 * One chunk of the re-encryption pass over `_WebhookConnector` nodes (see
 * `SealedSecretStore.resealSecrets`).
 */
export function resealConnectorSecrets(
  client: Neo4jClient,
  box: SecretBox,
  after: SecretRecordRef | null,
  limit: number,
): Promise<ResealChunk> {
  return resealNodeChunk(client, box, CONNECTOR_RESEAL, planConnectorReseal, after, limit);
}
