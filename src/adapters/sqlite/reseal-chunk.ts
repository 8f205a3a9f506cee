import type { Statement } from 'better-sqlite3';
import { rewriteParams, type ResealChunkIo } from '../../ports/sealed-secrets';
import type { SqliteDatabase } from './database';
import { settle } from './graph-transaction';

/** A record's stored secrets as the re-encryption statements read them. */
interface SecretsRow {
  workspace_id: string;
  id: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * How the re-encryption pass over a table with `secret` and `previous_secret` columns reads
 * and writes a chunk (see `resealChunk`): candidates read on the read-only connection, and
 * written in one transaction under the database's mutex, each only if unchanged since it
 * was read.
 */
export function tableResealIo(db: SqliteDatabase, table: string): ResealChunkIo {
  const candidates: Statement<
    [{ prefix: string; afterId: string; afterWorkspaceId: string; limit: number }],
    SecretsRow
  > = db.reader.prepare(
    `SELECT workspace_id, id, secret, previous_secret FROM ${table}
     WHERE (id > @afterId OR (id = @afterId AND workspace_id > @afterWorkspaceId))
       AND (substr(secret, 1, length(@prefix)) <> @prefix
         OR substr(previous_secret, 1, length(@prefix)) <> @prefix)
     ORDER BY id, workspace_id LIMIT @limit`,
  );
  // Only if the secrets are still those read: a rotation in between wins.
  const rewrite = db.writer.prepare(
    `UPDATE ${table} SET secret = @secret, previous_secret = @previousSecret
     WHERE workspace_id = @workspaceId AND id = @id AND secret = @expectedSecret
       AND previous_secret IS @expectedPrevious`,
  );
  return {
    candidates: async (prefix, after, limit) =>
      (
        await settle(() =>
          candidates.all({
            prefix,
            afterId: after?.id ?? '',
            afterWorkspaceId: after?.workspaceId ?? '',
            limit,
          }),
        )
      ).map((r) => ({
        workspaceId: r.workspace_id,
        id: r.id,
        secret: r.secret,
        previousSecret: r.previous_secret,
      })),
    rewrite: (rewrites) =>
      db.exclusive(() =>
        db.writer.transaction(() =>
          rewrites.reduce((changed, r) => changed + rewrite.run(rewriteParams(r)).changes, 0),
        )(),
      ),
  };
}
