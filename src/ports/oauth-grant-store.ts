import type {
  AccessTokenRecord,
  AuthorizationCode,
  AuthorizationRequest,
  FamilyRevocationReason,
  RefreshTokenRecord,
  TokenFamily,
} from '../domain/oauth';
import type { Scope } from '../domain/scopes';

/** A token to store: its hash, never the token itself. */
export interface NewToken {
  id: string;
  tokenHash: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string;
}

/** The access and refresh token issued together by one token response. */
export interface TokenPair {
  access: NewToken;
  refresh: NewToken;
}

/** A code to store: neither redeemed nor revoked yet. */
export type NewAuthorizationCode = Omit<AuthorizationCode, 'consumedAt' | 'revokedAt'>;
/** A family to start: not revoked yet (unless its code was, see `startFamily`). */
export type NewTokenFamily = Omit<TokenFamily, 'revokedAt'>;

/** How many records of each kind `purgeExpired` deleted. */
export interface PurgedOAuthRecords {
  requests: number;
  codes: number;
  accessTokens: number;
  refreshTokens: number;
  families: number;
}

/**
 * Persistence of the OAuth flow's short- and long-lived records: pending authorization
 * requests, authorization codes and token families. Every method that makes a record
 * single-use is atomic (two concurrent calls: exactly one wins), because that is what
 * stops a replayed code or refresh token. Implemented by every system-store engine;
 * `test/contract/oauth/oauth-store.contract.ts` is the behaviour each must show.
 */
export interface OAuthGrantStore {
  createRequest(request: AuthorizationRequest): Promise<void>;
  getRequest(id: string): Promise<AuthorizationRequest | null>;
  /** Records who signed in on an undecided request; false when it is decided or missing. */
  setRequestUser(id: string, userId: string): Promise<boolean>;
  /** Marks the request decided; true for the first call only. */
  completeRequest(id: string, completedAt: string): Promise<boolean>;

  createCode(code: NewAuthorizationCode): Promise<void>;
  findCode(codeHash: string): Promise<AuthorizationCode | null>;
  /** Marks the code redeemed; true for the first call only. */
  consumeCode(id: string, consumedAt: string): Promise<boolean>;
  /**
   * Code reuse: marks the code revoked and revokes every family issued from it, including
   * one started after this call (see `startFamily`).
   */
  revokeCode(id: string, revokedAt: string): Promise<void>;

  /**
   * Creates the family of a redeemed code with its first token pair. When the code has been
   * revoked (a concurrent reuse), the family is created revoked, so its tokens never work.
   */
  startFamily(family: NewTokenFamily, pair: TokenPair): Promise<void>;
  /** Adds the pair issued by a refresh to its family (revoked with it, if it is). */
  addToFamily(familyId: string, pair: TokenPair): Promise<void>;
  /** The access token with this hash; `revokedAt` also reflects its family. */
  findAccessToken(tokenHash: string): Promise<AccessTokenRecord | null>;
  /** The refresh token with this hash; `revokedAt` also reflects its family. */
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /** Marks a refresh token used; true only for the first call on an unrevoked token. */
  rotateRefreshToken(id: string, rotatedAt: string): Promise<boolean>;
  /** Revokes every token of the family (idempotent: the first time and reason are kept). */
  revokeFamily(familyId: string, revokedAt: string, reason: FamilyRevocationReason): Promise<void>;
  /** Revokes one access token (idempotent). */
  revokeAccessToken(id: string, revokedAt: string): Promise<void>;

  /**
   * Deletes the authorization requests, codes, access tokens and refresh tokens that
   * expired before `before` (ISO time; `expiresAt < before`, whatever their state), then
   * the token families left with no token at all. Works in bounded chunks (each its own
   * transaction), so a large backlog never holds the writer for long; a family is checked
   * in the same transaction as the deletion of its last token, so none is left behind.
   * The caller picks `before`: a deleted code or token is unknown from then on, so its
   * reuse can no longer be recognised (see `OAuthMaintenance` for the margin it keeps).
   */
  purgeExpired(before: string): Promise<PurgedOAuthRecords>;
}
