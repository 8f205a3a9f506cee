import type { Statement } from 'better-sqlite3';
import {
  resealChunk,
  rewriteParams,
  type ResealChunk,
  type ResealPlanner,
  type SecretRecordRef,
} from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { SqliteDatabase } from './database';
import { settle } from './graph-transaction';

/** A record's stored secrets as the re-encryption statements read them. */
export interface SecretsRow {
  workspace_id: string;
  id: string;
  secret: string;
  previous_secret: string | null;
}

/** The statements of one table's re-encryption pass. */
export interface ResealStatements {
  /** Records with a secret not sealed under `@prefix`, after the pass's place, by id. */
  candidates: Statement<
    [{ prefix: string; afterId: string; afterWorkspaceId: string; limit: number }],
    SecretsRow
  >;
  /** Writes `rewriteParams` only if the stored secrets are still the expected ones. */
  rewrite: Statement;
}

/**
 * One chunk of a table's re-encryption pass (see `resealChunk`): candidates read on the
 * read-only connection, and written in one transaction under the database's mutex, each only
 * if unchanged since it was read.
 */
export function resealTableChunk(
  db: SqliteDatabase,
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
      candidates: async (prefix, from, max) =>
        (
          await settle(() =>
            statements.candidates.all({
              prefix,
              afterId: from?.id ?? '',
              afterWorkspaceId: from?.workspaceId ?? '',
              limit: max,
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
            rewrites.reduce(
              (changed, r) => changed + statements.rewrite.run(rewriteParams(r)).changes,
              0,
            ),
          )(),
        ),
    },
    after,
    limit,
  );
}

/** The re-encryption statements of a table with `secret` and `previous_secret` columns. */
export function resealStatements(db: SqliteDatabase, table: string): ResealStatements {
  return {
    candidates: db.reader.prepare(
      `SELECT workspace_id, id, secret, previous_secret FROM ${table}
       WHERE (id > @afterId OR (id = @afterId AND workspace_id > @afterWorkspaceId))
         AND (substr(secret, 1, length(@prefix)) <> @prefix
           OR substr(previous_secret, 1, length(@prefix)) <> @prefix)
       ORDER BY id, workspace_id LIMIT @limit`,
    ),
    // Only if the secrets are still those read: a rotation in between wins.
    rewrite: db.writer.prepare(
      `UPDATE ${table} SET secret = @secret, previous_secret = @previousSecret
       WHERE workspace_id = @workspaceId AND id = @id AND secret = @expectedSecret
         AND previous_secret IS @expectedPrevious`,
    ),
  };
}
