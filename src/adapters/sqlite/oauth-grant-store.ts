import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import type * as oauth from '../../domain/oauth';
import type {
  NewAuthorizationCode,
  NewToken,
  NewTokenFamily,
  OAuthGrantStore,
  PurgedOAuthRecords,
  TokenPair,
} from '../../ports/oauth-grant-store';
import * as oauthRecords from '../../ports/oauth-records';
import { yieldToEventLoop } from '../../yield-to-event-loop';
import { rowFields } from './record-fields';

/** Rows deleted per transaction by `purgeExpired`. */
const PURGE_CHUNK = 1000;

/** Tuning for tests. */
export interface SqliteOAuthGrantStoreOptions {
  /** Rows deleted per transaction by `purgeExpired` (default 1000). */
  purgeChunk?: number;
}

/** Pending authorization requests, codes and token families in the embedded store. */
export class SqliteOAuthGrantStore implements OAuthGrantStore {
  private readonly s: Record<
    | 'insertRequest'
    | 'setRequestUserStmt'
    | 'completeRequestStmt'
    | 'insertCode'
    | 'consumeCodeStmt'
    | 'revokeCodeStmt'
    | 'revokeFamiliesOfCode'
    | 'insertFamily'
    | 'insertAccess'
    | 'insertRefresh'
    | 'rotateStmt'
    | 'revokeFamilyStmt'
    | 'revokeAccessStmt',
    Statement
  >;
  private readonly requestById: Statement<[string], object>;
  private readonly codeByHash: Statement<[string], object>;
  private readonly codeRevokedAt: Statement<[string], { revoked_at: string | null }>;
  private readonly accessByHash: Statement<[string], object>;
  private readonly refreshByHash: Statement<[string], object>;
  private readonly purge: Record<
    'requests' | 'codes' | 'accessTokens' | 'refreshTokens',
    Statement<[string, number]>
  >;
  private readonly purgeFamilyIfEmpty: Statement<[string]>;
  private readonly purgeChunk: number;

  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteOAuthGrantStoreOptions = {},
  ) {
    this.purgeChunk = options.purgeChunk ?? PURGE_CHUNK;
    const w = db.writer;
    this.s = {
      insertRequest: w.prepare(
        `INSERT INTO oauth_authorization_requests (id, client_id, redirect_uri, scopes, state,
           code_challenge, browser_hash, user_id, created_at, expires_at, completed_at)
         VALUES (@id, @clientId, @redirectUri, @scopes, @state, @codeChallenge, @browserHash,
           @userId, @createdAt, @expiresAt, @completedAt)`,
      ),
      setRequestUserStmt: w.prepare(
        `UPDATE oauth_authorization_requests SET user_id = ?
         WHERE id = ? AND completed_at IS NULL`,
      ),
      completeRequestStmt: w.prepare(
        `UPDATE oauth_authorization_requests SET completed_at = ?
         WHERE id = ? AND completed_at IS NULL`,
      ),
      insertCode: w.prepare(
        `INSERT INTO oauth_authorization_codes (id, code_hash, client_id, user_id, redirect_uri,
           scopes, code_challenge, code_challenge_method, created_at, expires_at)
         VALUES (@id, @codeHash, @clientId, @userId, @redirectUri, @scopes, @codeChallenge,
           @codeChallengeMethod, @createdAt, @expiresAt)`,
      ),
      consumeCodeStmt: w.prepare(
        `UPDATE oauth_authorization_codes SET consumed_at = ?
         WHERE id = ? AND consumed_at IS NULL`,
      ),
      revokeCodeStmt: w.prepare(
        `UPDATE oauth_authorization_codes SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`,
      ),
      revokeFamiliesOfCode: w.prepare(
        `UPDATE oauth_token_families
         SET revoked_at = ?, revoked_reason = 'authorization_code_reuse'
         WHERE authorization_code_id = ? AND revoked_at IS NULL`,
      ),
      insertFamily: w.prepare(
        `INSERT INTO oauth_token_families (id, client_id, user_id, authorization_code_id,
           created_at, revoked_at, revoked_reason)
         VALUES (@id, @clientId, @userId, @authorizationCodeId, @createdAt, @revokedAt,
           @revokedReason)`,
      ),
      insertAccess: w.prepare(
        `INSERT INTO oauth_access_tokens (id, token_hash, family_id, scopes, created_at, expires_at)
         VALUES (@id, @tokenHash, @familyId, @scopes, @createdAt, @expiresAt)`,
      ),
      insertRefresh: w.prepare(
        `INSERT INTO oauth_refresh_tokens (id, token_hash, family_id, scopes, created_at, expires_at)
         VALUES (@id, @tokenHash, @familyId, @scopes, @createdAt, @expiresAt)`,
      ),
      rotateStmt: w.prepare(
        `UPDATE oauth_refresh_tokens SET rotated_at = ?
         WHERE id = ? AND rotated_at IS NULL AND revoked_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM oauth_token_families f
                           WHERE f.id = oauth_refresh_tokens.family_id
                             AND f.revoked_at IS NOT NULL)`,
      ),
      revokeFamilyStmt: w.prepare(
        `UPDATE oauth_token_families SET revoked_at = ?, revoked_reason = ?
         WHERE id = ? AND revoked_at IS NULL`,
      ),
      revokeAccessStmt: w.prepare(
        `UPDATE oauth_access_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`,
      ),
    };
    // Each deletes one chunk of expired rows (the expires_at indexes of migration 008); the
    // token statements return the family of every token they deleted.
    const expired = (table: string, returning = '') =>
      w.prepare<[string, number]>(
        `DELETE FROM ${table} WHERE rowid IN
           (SELECT rowid FROM ${table} WHERE expires_at < ? LIMIT ?)${returning}`,
      );
    this.purge = {
      requests: expired('oauth_authorization_requests'),
      codes: expired('oauth_authorization_codes'),
      accessTokens: expired('oauth_access_tokens', ' RETURNING family_id'),
      refreshTokens: expired('oauth_refresh_tokens', ' RETURNING family_id'),
    };
    this.purgeFamilyIfEmpty = w.prepare(
      `DELETE FROM oauth_token_families WHERE id = ?
         AND NOT EXISTS (SELECT 1 FROM oauth_access_tokens WHERE family_id = oauth_token_families.id)
         AND NOT EXISTS (SELECT 1 FROM oauth_refresh_tokens WHERE family_id = oauth_token_families.id)`,
    );
    // Read on the writer inside `exclusive`, so the check and the insert see one state.
    this.codeRevokedAt = w.prepare('SELECT revoked_at FROM oauth_authorization_codes WHERE id = ?');

    const r = db.reader;
    this.requestById = r.prepare('SELECT * FROM oauth_authorization_requests WHERE id = ?');
    this.codeByHash = r.prepare('SELECT * FROM oauth_authorization_codes WHERE code_hash = ?');
    this.accessByHash = r.prepare(
      `SELECT a.id, a.family_id, f.client_id, f.user_id, u.email AS user_email, a.scopes, a.created_at,
              a.expires_at, COALESCE(a.revoked_at, f.revoked_at) AS revoked_at
       FROM oauth_access_tokens a
       JOIN oauth_token_families f ON f.id = a.family_id
       JOIN users u ON u.id = f.user_id
       WHERE a.token_hash = ?`,
    );
    this.refreshByHash = r.prepare(
      `SELECT t.id, t.family_id, f.client_id, f.user_id, t.scopes, t.created_at, t.expires_at,
              t.rotated_at, COALESCE(t.revoked_at, f.revoked_at) AS revoked_at
       FROM oauth_refresh_tokens t
       JOIN oauth_token_families f ON f.id = t.family_id
       WHERE t.token_hash = ?`,
    );
  }

  async createRequest(request: oauth.AuthorizationRequest): Promise<void> {
    await this.db.exclusive(() =>
      this.s.insertRequest.run({ ...request, scopes: JSON.stringify(request.scopes) }),
    );
  }

  getRequest(id: string): Promise<oauth.AuthorizationRequest | null> {
    const row = this.requestById.get(id);
    return Promise.resolve(row ? oauthRecords.readAuthorizationRequest(rowFields(row)) : null);
  }

  async setRequestUser(id: string, userId: string): Promise<boolean> {
    const { changes } = await this.db.exclusive(() => this.s.setRequestUserStmt.run(userId, id));
    return changes === 1;
  }

  async completeRequest(id: string, completedAt: string): Promise<boolean> {
    const { changes } = await this.db.exclusive(() =>
      this.s.completeRequestStmt.run(completedAt, id),
    );
    return changes === 1;
  }

  async createCode(code: NewAuthorizationCode): Promise<void> {
    await this.db.exclusive(() =>
      this.s.insertCode.run({ ...code, scopes: JSON.stringify(code.scopes) }),
    );
  }

  findCode(codeHash: string): Promise<oauth.AuthorizationCode | null> {
    const row = this.codeByHash.get(codeHash);
    return Promise.resolve(row ? oauthRecords.readAuthorizationCode(rowFields(row)) : null);
  }

  async consumeCode(id: string, consumedAt: string): Promise<boolean> {
    const { changes } = await this.db.exclusive(() => this.s.consumeCodeStmt.run(consumedAt, id));
    return changes === 1;
  }

  revokeCode(id: string, revokedAt: string): Promise<void> {
    return this.db.transaction(() => {
      this.s.revokeCodeStmt.run(revokedAt, id);
      this.s.revokeFamiliesOfCode.run(revokedAt, id);
      return Promise.resolve();
    });
  }

  startFamily(family: NewTokenFamily, pair: TokenPair): Promise<void> {
    return this.db.transaction(() => {
      // A reuse of the code may have been detected between its redemption and now; then
      // the tokens are born revoked, and the legitimate-looking response carries dead tokens.
      const codeRevokedAt = this.codeRevokedAt.get(family.authorizationCodeId)?.revoked_at ?? null;
      this.s.insertFamily.run({
        ...family,
        revokedAt: codeRevokedAt,
        revokedReason: codeRevokedAt === null ? null : 'authorization_code_reuse',
      });
      this.insertPair(family.id, pair);
      return Promise.resolve();
    });
  }

  addToFamily(familyId: string, pair: TokenPair): Promise<void> {
    return this.db.transaction(() => {
      this.insertPair(familyId, pair);
      return Promise.resolve();
    });
  }

  private insertPair(familyId: string, pair: TokenPair): void {
    const row = (token: NewToken) => ({ ...token, familyId, scopes: JSON.stringify(token.scopes) });
    this.s.insertAccess.run(row(pair.access));
    this.s.insertRefresh.run(row(pair.refresh));
  }

  findAccessToken(tokenHash: string): Promise<oauth.AccessTokenRecord | null> {
    const row = this.accessByHash.get(tokenHash);
    return Promise.resolve(row ? oauthRecords.readAccessToken(rowFields(row)) : null);
  }

  findRefreshToken(tokenHash: string): Promise<oauth.RefreshTokenRecord | null> {
    const row = this.refreshByHash.get(tokenHash);
    return Promise.resolve(row ? oauthRecords.readRefreshToken(rowFields(row)) : null);
  }

  async rotateRefreshToken(id: string, rotatedAt: string): Promise<boolean> {
    const { changes } = await this.db.exclusive(() => this.s.rotateStmt.run(rotatedAt, id));
    return changes === 1;
  }

  async revokeFamily(
    familyId: string,
    revokedAt: string,
    reason: oauth.FamilyRevocationReason,
  ): Promise<void> {
    await this.db.exclusive(() => this.s.revokeFamilyStmt.run(revokedAt, reason, familyId));
  }

  async revokeAccessToken(id: string, revokedAt: string): Promise<void> {
    await this.db.exclusive(() => this.s.revokeAccessStmt.run(revokedAt, id));
  }

  async purgeExpired(before: string): Promise<PurgedOAuthRecords> {
    const records = (statement: Statement<[string, number]>) =>
      this.inChunks(() => statement.run(before, this.purgeChunk).changes);
    let families = 0;
    // A token chunk and the removal of the families it emptied are one transaction.
    const tokens = (statement: Statement<[string, number]>) =>
      this.inChunks(() =>
        this.db.writer.transaction(() => {
          const rows = statement.all(before, this.purgeChunk) as { family_id: string }[];
          for (const familyId of new Set(rows.map((row) => row.family_id))) {
            families += this.purgeFamilyIfEmpty.run(familyId).changes;
          }
          return rows.length;
        })(),
      );
    const requests = await records(this.purge.requests);
    const codes = await records(this.purge.codes);
    const accessTokens = await tokens(this.purge.accessTokens);
    const refreshTokens = await tokens(this.purge.refreshTokens);
    return { requests, codes, accessTokens, refreshTokens, families };
  }

  /** Runs `chunk` (which deletes up to `purgeChunk` rows) until it deletes fewer; the total. */
  private async inChunks(chunk: () => number): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.db.exclusive(chunk);
      total += removed;
      if (removed < this.purgeChunk) {
        return total;
      }
      await yieldToEventLoop();
    }
  }
}
