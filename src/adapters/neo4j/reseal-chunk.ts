import { rewriteParams, type ResealChunkIo } from '../../ports/sealed-secrets';
import type { Neo4jClient } from './client';
import { countField, field, runAll, runOne } from './statement';
import type { ResealStatements } from './statements/reseal';
import { toInt } from './values';

/**
 * How a label's re-encryption pass reads and writes a chunk (see `resealChunk`): the
 * candidates in one transaction, the rewrites in another.
 */
export function nodeResealIo(client: Neo4jClient, statements: ResealStatements): ResealChunkIo {
  return {
    candidates: (prefix, after, limit) =>
      client.read(async (tx) =>
        (
          await runAll(tx, statements.candidates, {
            prefix,
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
      ),
    rewrite: (rewrites) =>
      client.write(async (tx) => {
        const record = await runOne(tx, statements.rewrite, {
          rewrites: rewrites.map(rewriteParams),
        });
        return countField(record, 'resealed');
      }),
  };
}
