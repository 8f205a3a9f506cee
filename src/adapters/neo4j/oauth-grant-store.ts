import type * as oauth from '../../domain/oauth';
import { NotFoundError } from '../../errors';
import type {
  NewAuthorizationCode,
  NewTokenFamily,
  OAuthGrantStore,
  PurgedOAuthRecords,
  TokenPair,
} from '../../ports/oauth-grant-store';
import * as oauthRecords from '../../ports/oauth-records';
import { yieldToEventLoop } from '../../yield-to-event-loop';
import type { Neo4jClient, TransactionWork } from './client';
import { createUnderParent } from './create-in-workspace';
import { nodeFields } from './record-fields';
import { countField, field, mapField, runAll, runOne } from './statement';
import {
  CODE_BY_HASH,
  CODE_CONSUME,
  CODE_CREATE,
  CODE_LOCK,
  CODE_REVOKE,
  CODES_PURGE_CHUNK,
  FAMILIES_REVOKE_BY_CODE,
  REQUEST_COMPLETE,
  REQUEST_CREATE,
  REQUEST_GET,
  REQUEST_SET_USER,
  REQUESTS_PURGE_CHUNK,
} from './statements/oauth-grants';
import {
  ACCESS_BY_HASH,
  ACCESS_REVOKE,
  ACCESS_TOKENS_PURGE_CHUNK,
  FAMILIES_PURGE_EMPTY,
  FAMILY_CREATE,
  FAMILY_REVOKE,
  PAIR_CREATE,
  REFRESH_BY_HASH,
  REFRESH_ROTATE,
  REFRESH_TOKENS_PURGE_CHUNK,
} from './statements/oauth-tokens';
import { toDateTime, toInt, toOptionalDateTime } from './values';

/** Records deleted per transaction by `purgeExpired`. */
const PURGE_CHUNK = 1000;

type PurgeChunk = typeof REQUESTS_PURGE_CHUNK;
interface ChunkResult {
  deleted: number;
  families: number;
}

/**
 * Pending authorization requests, codes and token families in Neo4j. Every single-use step
 * is one statement that locks its record before checking it (see `statements/oauth.ts`);
 * a code's revocation and the start of a family from it serialise on the code's lock.
 */
export class Neo4jOAuthGrantStore implements OAuthGrantStore {
  constructor(private readonly client: Neo4jClient) {}

  async createRequest(request: oauth.AuthorizationRequest): Promise<void> {
    await this.write((tx) =>
      createUnderParent(
        tx,
        REQUEST_CREATE,
        {
          id: request.id,
          clientId: request.clientId,
          redirectUri: request.redirectUri,
          scopes: [...request.scopes],
          state: request.state,
          codeChallenge: request.codeChallenge,
          browserHash: request.browserHash,
          userId: request.userId,
          createdAt: toDateTime(request.createdAt),
          expiresAt: toDateTime(request.expiresAt),
          completedAt: toOptionalDateTime(request.completedAt),
        },
        () => new NotFoundError(`Client ${request.clientId} not found.`, { id: request.clientId }),
      ),
    );
  }

  getRequest(id: string): Promise<oauth.AuthorizationRequest | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, REQUEST_GET, { id });
      return record
        ? oauthRecords.readAuthorizationRequest(nodeFields(mapField(record, 'request')))
        : null;
    });
  }

  async setRequestUser(id: string, userId: string): Promise<boolean> {
    const changed = await this.write(async (tx) =>
      countField(await runOne(tx, REQUEST_SET_USER, { id, userId }), 'changed'),
    );
    return changed === 1;
  }

  async completeRequest(id: string, completedAt: string): Promise<boolean> {
    const changed = await this.write(async (tx) =>
      countField(
        await runOne(tx, REQUEST_COMPLETE, { id, completedAt: toDateTime(completedAt) }),
        'changed',
      ),
    );
    return changed === 1;
  }

  async createCode(code: NewAuthorizationCode): Promise<void> {
    await this.write((tx) =>
      createUnderParent(
        tx,
        CODE_CREATE,
        {
          id: code.id,
          codeHash: code.codeHash,
          clientId: code.clientId,
          userId: code.userId,
          redirectUri: code.redirectUri,
          scopes: [...code.scopes],
          codeChallenge: code.codeChallenge,
          codeChallengeMethod: code.codeChallengeMethod,
          createdAt: toDateTime(code.createdAt),
          expiresAt: toDateTime(code.expiresAt),
        },
        () =>
          new NotFoundError(`Client ${code.clientId} or user ${code.userId} not found.`, {
            id: code.clientId,
          }),
      ),
    );
  }

  findCode(codeHash: string): Promise<oauth.AuthorizationCode | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, CODE_BY_HASH, { codeHash });
      return record
        ? oauthRecords.readAuthorizationCode(nodeFields(mapField(record, 'code')))
        : null;
    });
  }

  async consumeCode(id: string, consumedAt: string): Promise<boolean> {
    const changed = await this.write(async (tx) =>
      countField(
        await runOne(tx, CODE_CONSUME, { id, consumedAt: toDateTime(consumedAt) }),
        'changed',
      ),
    );
    return changed === 1;
  }

  async revokeCode(id: string, revokedAt: string): Promise<void> {
    const at = toDateTime(revokedAt);
    await this.write(async (tx) => {
      // The code's lock first: a family being started from it either committed (and is
      // revoked next) or waits and then sees the code revoked.
      await runAll(tx, CODE_REVOKE, { id, revokedAt: at });
      await runAll(tx, FAMILIES_REVOKE_BY_CODE, { codeId: id, revokedAt: at });
    });
  }

  async startFamily(family: NewTokenFamily, pair: TokenPair): Promise<void> {
    await this.write(async (tx) => {
      // A reuse of the code may have been detected between its redemption and now; then
      // the tokens are born revoked, and the legitimate-looking response carries dead tokens.
      const code = await runOne(tx, CODE_LOCK, { id: family.authorizationCodeId });
      const codeRevokedAt = code ? field(code, 'revokedAt') : null;
      const revoked = codeRevokedAt !== null && codeRevokedAt !== undefined;
      await createUnderParent(
        tx,
        FAMILY_CREATE,
        {
          id: family.id,
          clientId: family.clientId,
          userId: family.userId,
          authorizationCodeId: family.authorizationCodeId,
          createdAt: toDateTime(family.createdAt),
          revokedAt: revoked ? codeRevokedAt : null,
          revokedReason: revoked ? 'authorization_code_reuse' : null,
        },
        () =>
          new NotFoundError(`Client ${family.clientId} or user ${family.userId} not found.`, {
            id: family.clientId,
          }),
      );
      await insertPair(tx, family.id, pair);
    });
  }

  async addToFamily(familyId: string, pair: TokenPair): Promise<void> {
    await this.write((tx) => insertPair(tx, familyId, pair));
  }

  findAccessToken(tokenHash: string): Promise<oauth.AccessTokenRecord | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, ACCESS_BY_HASH, { tokenHash });
      return record ? oauthRecords.readAccessToken(nodeFields(record.toObject())) : null;
    });
  }

  findRefreshToken(tokenHash: string): Promise<oauth.RefreshTokenRecord | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, REFRESH_BY_HASH, { tokenHash });
      return record ? oauthRecords.readRefreshToken(nodeFields(record.toObject())) : null;
    });
  }

  async rotateRefreshToken(id: string, rotatedAt: string): Promise<boolean> {
    const changed = await this.write(async (tx) =>
      countField(
        await runOne(tx, REFRESH_ROTATE, { id, rotatedAt: toDateTime(rotatedAt) }),
        'changed',
      ),
    );
    return changed === 1;
  }

  async revokeFamily(
    familyId: string,
    revokedAt: string,
    reason: oauth.FamilyRevocationReason,
  ): Promise<void> {
    await this.write((tx) =>
      runAll(tx, FAMILY_REVOKE, { id: familyId, revokedAt: toDateTime(revokedAt), reason }),
    );
  }

  async revokeAccessToken(id: string, revokedAt: string): Promise<void> {
    await this.write((tx) => runAll(tx, ACCESS_REVOKE, { id, revokedAt: toDateTime(revokedAt) }));
  }

  async purgeExpired(before: string): Promise<PurgedOAuthRecords> {
    const params = { before: toDateTime(before), limit: toInt(PURGE_CHUNK) };
    const records = async (statement: PurgeChunk) =>
      (
        await this.inChunks(async (tx) => ({
          deleted: countField(await runOne(tx, statement, params), 'deleted'),
          families: 0,
        }))
      ).deleted;
    // A token chunk and the removal of the families it emptied are one transaction.
    const tokens = (statement: PurgeChunk) =>
      this.inChunks(async (tx) => {
        const record = await runOne(tx, statement, params);
        const familyIds = record ? (field(record, 'familyIds') as string[]) : [];
        return {
          deleted: countField(record, 'deleted'),
          families:
            familyIds.length === 0
              ? 0
              : countField(await runOne(tx, FAMILIES_PURGE_EMPTY, { familyIds }), 'deleted'),
        };
      });
    const requests = await records(REQUESTS_PURGE_CHUNK);
    const codes = await records(CODES_PURGE_CHUNK);
    const access = await tokens(ACCESS_TOKENS_PURGE_CHUNK);
    const refresh = await tokens(REFRESH_TOKENS_PURGE_CHUNK);
    return {
      requests,
      codes,
      accessTokens: access.deleted,
      refreshTokens: refresh.deleted,
      families: access.families + refresh.families,
    };
  }

  /**
   * Runs `chunk` (each a transaction deleting up to PURGE_CHUNK records, and maybe the
   * families they emptied) until it deletes fewer; the totals. A retried transaction
   * counts once: only the committed attempt's result is added.
   */
  private async inChunks(chunk: TransactionWork<ChunkResult>): Promise<ChunkResult> {
    const total: ChunkResult = { deleted: 0, families: 0 };
    for (;;) {
      const { deleted, families } = await this.write(chunk);
      total.deleted += deleted;
      total.families += families;
      if (deleted < PURGE_CHUNK) {
        return total;
      }
      await yieldToEventLoop();
    }
  }

  private write<T>(work: TransactionWork<T>): Promise<T> {
    return this.client.write(work);
  }
}

/** Adds the pair to the family; as SQLite's foreign key does, the family must exist. */
async function insertPair(
  tx: Parameters<TransactionWork<unknown>>[0],
  familyId: string,
  pair: TokenPair,
): Promise<void> {
  await createUnderParent(
    tx,
    PAIR_CREATE,
    {
      familyId,
      accessId: pair.access.id,
      accessHash: pair.access.tokenHash,
      accessScopes: [...pair.access.scopes],
      accessCreatedAt: toDateTime(pair.access.createdAt),
      accessExpiresAt: toDateTime(pair.access.expiresAt),
      refreshId: pair.refresh.id,
      refreshHash: pair.refresh.tokenHash,
      refreshScopes: [...pair.refresh.scopes],
      refreshCreatedAt: toDateTime(pair.refresh.createdAt),
      refreshExpiresAt: toDateTime(pair.refresh.expiresAt),
    },
    () => new NotFoundError(`Token family ${familyId} not found.`, { id: familyId }),
  );
}
