import type {
  AccessTokenRecord,
  AuthorizationCode,
  AuthorizationRequest,
  OAuthClient,
  RefreshTokenRecord,
} from '../domain/oauth';
import type { Scope } from '../domain/scopes';
import type { RecordFields } from './record-fields';

/**
 * The mapping from stored OAuth records to the domain's, shared by every engine: each
 * engine only reads its fields (`RecordFields`). Scopes are a list of text, instants the
 * engine's time type.
 */

const scopesOf = (r: RecordFields): Scope[] => r.textList('scopes') as Scope[];

/** A client application. */
export function readOAuthClient(r: RecordFields): OAuthClient {
  return {
    id: r.text('id'),
    workspaceId: r.text('workspaceId'),
    name: r.text('name'),
    redirectUri: r.text('redirectUri'),
    scopes: scopesOf(r),
    createdAt: r.time('createdAt'),
    createdBy: r.optionalText('createdBy'),
  };
}

/** A pending authorization request. */
export function readAuthorizationRequest(r: RecordFields): AuthorizationRequest {
  return {
    id: r.text('id'),
    clientId: r.text('clientId'),
    redirectUri: r.text('redirectUri'),
    scopes: scopesOf(r),
    state: r.text('state'),
    codeChallenge: r.text('codeChallenge'),
    browserHash: r.text('browserHash'),
    userId: r.optionalText('userId'),
    createdAt: r.time('createdAt'),
    expiresAt: r.time('expiresAt'),
    completedAt: r.optionalTime('completedAt'),
  };
}

/** An authorization code (its method is always S256: the stores accept no other). */
export function readAuthorizationCode(r: RecordFields): AuthorizationCode {
  return {
    id: r.text('id'),
    codeHash: r.text('codeHash'),
    clientId: r.text('clientId'),
    userId: r.text('userId'),
    redirectUri: r.text('redirectUri'),
    scopes: scopesOf(r),
    codeChallenge: r.text('codeChallenge'),
    codeChallengeMethod: 'S256',
    createdAt: r.time('createdAt'),
    expiresAt: r.time('expiresAt'),
    consumedAt: r.optionalTime('consumedAt'),
    revokedAt: r.optionalTime('revokedAt'),
  };
}

/** The fields every token shares: its family's client and user, its own scopes and times. */
function readToken(r: RecordFields) {
  return {
    id: r.text('id'),
    familyId: r.text('familyId'),
    clientId: r.text('clientId'),
    userId: r.text('userId'),
    scopes: scopesOf(r),
    createdAt: r.time('createdAt'),
    expiresAt: r.time('expiresAt'),
  };
}

/**
 * An access token joined with its family and user (`userEmail`); `revokedAt` is the
 * token's or, when it has none, its family's.
 */
export function readAccessToken(r: RecordFields): AccessTokenRecord {
  return {
    ...readToken(r),
    userEmail: r.text('userEmail'),
    revokedAt: r.optionalTime('revokedAt'),
  };
}

/** A refresh token joined with its family; `revokedAt` as for access tokens. */
export function readRefreshToken(r: RecordFields): RefreshTokenRecord {
  return {
    ...readToken(r),
    rotatedAt: r.optionalTime('rotatedAt'),
    revokedAt: r.optionalTime('revokedAt'),
  };
}
