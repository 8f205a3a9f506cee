import { planConnectorReseal } from '../../ports/connector-records';
import { resealChunk, type ResealChunk, type SecretRecordRef } from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { Neo4jClient } from './client';
import { nodeResealIo } from './reseal-chunk';
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
  return resealChunk(
    box,
    planConnectorReseal,
    nodeResealIo(client, CONNECTOR_RESEAL),
    after,
    limit,
  );
}
