import {
  rewriteParams,
  type ResealChunk,
  type SecretRecordRef,
  type SecretRewrite,
  type StoredSecrets,
  type UnreadableSecret,
} from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { Neo4jClient } from './client';
import { countField, field, runAll, runOne } from './statement';
import type { ResealStatements } from './statements/reseal';
import { toInt } from './values';

/**
 * One chunk of a label's re-encryption pass (see `SealedSecretStore.resealSecrets`): the
 * candidates are read, sealed again by `plan`, and written in one transaction.
 */
export async function resealNodeChunk(
  client: Neo4jClient,
  box: SecretBox,
  statements: ResealStatements,
  plan: (
    box: SecretBox,
    candidates: readonly (SecretRecordRef & StoredSecrets)[],
  ) => { rewrites: SecretRewrite[]; unreadable: UnreadableSecret[] },
  after: SecretRecordRef | null,
  limit: number,
): Promise<ResealChunk> {
  const candidates = await client.read(async (tx) =>
    (
      await runAll(tx, statements.candidates, {
        prefix: box.currentPrefix,
        afterId: after?.id ?? '',
        afterWorkspaceId: after?.workspaceId ?? '',
        limit: toInt(limit),
      })
    ).map((r) => {
      const previous = field(r, 'previousSecret');
      return {
        workspaceId: String(field(r, 'workspaceId')),
        id: String(field(r, 'id')),
        secret: String(field(r, 'secret')),
        previousSecret: typeof previous === 'string' ? previous : null,
      };
    }),
  );
  const { rewrites, unreadable } = plan(box, candidates);
  const resealed =
    rewrites.length === 0
      ? 0
      : await client.write(async (tx) => {
          const record = await runOne(tx, statements.rewrite, {
            rewrites: rewrites.map(rewriteParams),
          });
          return countField(record, 'resealed');
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
