import { rewriteParams, type ResealChunk, type SecretRecordRef } from '../../ports/sealed-secrets';
import { planConnectorReseal } from '../../ports/connector-records';
import type { SecretBox } from '../../secrets/secret-box';
import type { Neo4jClient } from './client';
import { field, runAll, runOne } from './statement';
import { CONNECTORS_RESEAL, CONNECTORS_TO_RESEAL } from './statements/webhook-connectors';
import { toInt, toNumber } from './values';
import { optionalText } from './webhook-records';

/**
 * One chunk of the re-encryption pass over `_WebhookConnector` nodes (see
 * `SealedSecretStore.resealSecrets`): the candidates are read, the new values sealed here,
 * and written in one transaction that skips connectors rotated in between.
 */
export async function resealConnectorSecrets(
  client: Neo4jClient,
  box: SecretBox,
  after: SecretRecordRef | null,
  limit: number,
): Promise<ResealChunk> {
  const candidates = await client.read(async (tx) =>
    (
      await runAll(tx, CONNECTORS_TO_RESEAL, {
        prefix: box.currentPrefix,
        afterId: after?.id ?? '',
        afterWorkspaceId: after?.workspaceId ?? '',
        limit: toInt(limit),
      })
    ).map((r) => ({
      workspaceId: String(field(r, 'workspaceId')),
      id: String(field(r, 'id')),
      secret: String(field(r, 'secret')),
      previousSecret: optionalText(field(r, 'previousSecret')),
    })),
  );
  const { rewrites, unreadable } = planConnectorReseal(box, candidates);
  const resealed =
    rewrites.length === 0
      ? 0
      : await client.write(async (tx) => {
          const record = await runOne(tx, CONNECTORS_RESEAL, {
            rewrites: rewrites.map(rewriteParams),
          });
          return record ? toNumber(field(record, 'resealed')) : 0;
        });
  const last = candidates.at(-1);
  return {
    examined: candidates.length,
    resealed,
    unreadable,
    next:
      candidates.length === limit && last ? { workspaceId: last.workspaceId, id: last.id } : null,
  };
}
