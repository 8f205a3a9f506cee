import { planConnectorReseal } from '../../ports/connector-records';
import { rewriteParams, type ResealChunk, type SecretRecordRef } from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { SqliteDatabase } from './database';
import { settle } from './graph-transaction';

/** A connector's stored secrets, as the re-encryption pass reads them. */
interface SecretsRow {
  workspace_id: string;
  id: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * The re-encryption pass over `webhook_connectors` (see `SealedSecretStore.resealSecrets`):
 * candidates are read on the read-only connection, sealed again here, and written in one
 * transaction under the database's mutex, each only if it is unchanged since it was read.
 */
export class SqliteConnectorSecrets {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly box: SecretBox,
  ) {
    this.s = prepare(db);
  }

  async resealChunk(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    const rows = await settle(() =>
      this.s.candidates.all({
        prefix: this.box.currentPrefix,
        afterId: after?.id ?? '',
        afterWorkspaceId: after?.workspaceId ?? '',
        limit,
      }),
    );
    const { rewrites, unreadable } = planConnectorReseal(
      this.box,
      rows.map((r) => ({
        workspaceId: r.workspace_id,
        id: r.id,
        secret: r.secret,
        previousSecret: r.previous_secret,
      })),
    );
    const resealed =
      rewrites.length === 0
        ? 0
        : await this.db.exclusive(() =>
            this.db.writer.transaction(() => {
              let changed = 0;
              for (const r of rewrites) {
                changed += this.s.rewrite.run(rewriteParams(r)).changes;
              }
              return changed;
            })(),
          );
    const last = rows.at(-1);
    return {
      examined: rows.length,
      resealed,
      unreadable,
      next: rows.length === limit && last ? { workspaceId: last.workspace_id, id: last.id } : null,
    };
  }
}

function prepare(db: SqliteDatabase) {
  return {
    // Connectors with a secret not sealed under the current key (it does not start with
    // `@prefix`), after the pass's position. Connectors are few: a scan per chunk is cheap.
    candidates: db.reader.prepare<
      [{ prefix: string; afterId: string; afterWorkspaceId: string; limit: number }],
      SecretsRow
    >(
      `SELECT workspace_id, id, secret, previous_secret FROM webhook_connectors
       WHERE (id > @afterId OR (id = @afterId AND workspace_id > @afterWorkspaceId))
         AND (substr(secret, 1, length(@prefix)) <> @prefix
           OR substr(previous_secret, 1, length(@prefix)) <> @prefix)
       ORDER BY id, workspace_id LIMIT @limit`,
    ),
    // Only if the secrets are still those read: a rotation in between wins.
    rewrite: db.writer.prepare(
      `UPDATE webhook_connectors SET secret = @secret, previous_secret = @previousSecret
       WHERE workspace_id = @workspaceId AND id = @id AND secret = @expectedSecret
         AND previous_secret IS @expectedPrevious`,
    ),
  };
}
