import {
  resealChunk,
  rewriteParams,
  type ResealChunk,
  type ResealPlanner,
  type SecretRecordRef,
} from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { Neo4jClient } from './client';
import { countField, field, runAll, runOne } from './statement';
import type { ResealStatements } from './statements/reseal';
import { toInt } from './values';

/**
 * One chunk of a label's re-encryption pass (see `resealChunk`): the candidates are read in
 * one transaction and written in another.
 */
export function resealNodeChunk(
  client: Neo4jClient,
  box: SecretBox,
  statements: ResealStatements,
  plan: ResealPlanner,
  after: SecretRecordRef | null,
  limit: number,
): Promise<ResealChunk> {
  return resealChunk(
    box,
    plan,
    {
      candidates: (prefix, from, max) =>
        client.read(async (tx) =>
          (
            await runAll(tx, statements.candidates, {
              prefix,
              afterId: from?.id ?? '',
              afterWorkspaceId: from?.workspaceId ?? '',
              limit: toInt(max),
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
        ),
      rewrite: (rewrites) =>
        client.write(async (tx) => {
          const record = await runOne(tx, statements.rewrite, {
            rewrites: rewrites.map(rewriteParams),
          });
          return countField(record, 'resealed');
        }),
    },
    after,
    limit,
  );
}
