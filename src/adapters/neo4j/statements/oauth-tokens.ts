import { cypher, slotted } from '../statement';

/**
 * OAuth tokens: token families `(:_OAuthTokenFamily {id, clientId, userId,
 * authorizationCodeId, createdAt, revokedAt?, revokedReason?})` and their tokens
 * `(:_OAuthAccessToken)` / `(:_OAuthRefreshToken)` (hashes only, with their family's id and
 * client id). References are ids, as in `oauth-grants.ts`, and single-use operations lock
 * their record before checking it, as there.
 */

/** Creates a family of an existing client and user; `created` is 0 otherwise. */
export const FAMILY_CREATE = cypher(
  'oauth-family-create',
  ['id', 'clientId', 'userId', 'authorizationCodeId', 'createdAt', 'revokedAt', 'revokedReason'],
  `
  MATCH (c:_OAuthClient {id: $clientId})
  MATCH (u:_User {id: $userId})
  CREATE (f:_OAuthTokenFamily {
    id: $id, clientId: c.id, userId: u.id, authorizationCodeId: $authorizationCodeId,
    createdAt: $createdAt, revokedAt: $revokedAt, revokedReason: $revokedReason
  })
  RETURN count(f) AS created`,
);

/** Adds a token pair to an existing family; `created` is 0 when the family is unknown. */
export const PAIR_CREATE = cypher(
  'oauth-pair-create',
  [
    'familyId',
    'accessId',
    'accessHash',
    'accessScopes',
    'accessCreatedAt',
    'accessExpiresAt',
    'refreshId',
    'refreshHash',
    'refreshScopes',
    'refreshCreatedAt',
    'refreshExpiresAt',
  ],
  `
  MATCH (f:_OAuthTokenFamily {id: $familyId})
  CREATE (a:_OAuthAccessToken {
    id: $accessId, tokenHash: $accessHash, familyId: f.id, clientId: f.clientId,
    scopes: $accessScopes, createdAt: $accessCreatedAt, expiresAt: $accessExpiresAt
  })
  CREATE (t:_OAuthRefreshToken {
    id: $refreshId, tokenHash: $refreshHash, familyId: f.id, clientId: f.clientId,
    scopes: $refreshScopes, createdAt: $refreshCreatedAt, expiresAt: $refreshExpiresAt
  })
  RETURN count(f) AS created`,
);

/** The access token with its family's client and user; revoked when its family is. */
export const ACCESS_BY_HASH = cypher(
  'oauth-access-by-hash',
  ['tokenHash'],
  `
  MATCH (a:_OAuthAccessToken {tokenHash: $tokenHash})
  MATCH (f:_OAuthTokenFamily {id: a.familyId})
  MATCH (u:_User {id: f.userId})
  RETURN a.id AS id, f.id AS familyId, f.clientId AS clientId, u.id AS userId,
    u.email AS userEmail, a.scopes AS scopes, a.createdAt AS createdAt,
    a.expiresAt AS expiresAt, coalesce(a.revokedAt, f.revokedAt) AS revokedAt`,
);

/** The refresh token with its family's client and user; revoked when its family is. */
export const REFRESH_BY_HASH = cypher(
  'oauth-refresh-by-hash',
  ['tokenHash'],
  `
  MATCH (t:_OAuthRefreshToken {tokenHash: $tokenHash})
  MATCH (f:_OAuthTokenFamily {id: t.familyId})
  RETURN t.id AS id, f.id AS familyId, f.clientId AS clientId, f.userId AS userId,
    t.scopes AS scopes, t.createdAt AS createdAt, t.expiresAt AS expiresAt,
    t.rotatedAt AS rotatedAt, coalesce(t.revokedAt, f.revokedAt) AS revokedAt`,
);

/**
 * Marks a refresh token used, once, and only while neither it nor its family is revoked.
 * The family's lock first (what `FAMILY_REVOKE` takes), then the token's, then the checks.
 */
export const REFRESH_ROTATE = cypher(
  'oauth-refresh-rotate',
  ['id', 'rotatedAt'],
  `
  MATCH (t:_OAuthRefreshToken {id: $id})
  MATCH (f:_OAuthTokenFamily {id: t.familyId})
  SET f.\`~lock\` = true
  REMOVE f.\`~lock\`
  SET t.\`~lock\` = true
  REMOVE t.\`~lock\`
  WITH t, f
  WHERE t.rotatedAt IS NULL AND t.revokedAt IS NULL AND f.revokedAt IS NULL
  SET t.rotatedAt = $rotatedAt
  RETURN count(t) AS changed`,
);

/** Revokes the family once: a second revocation keeps the first time and reason. */
export const FAMILY_REVOKE = cypher(
  'oauth-family-revoke',
  ['id', 'revokedAt', 'reason'],
  `
  MATCH (f:_OAuthTokenFamily {id: $id})
  SET f.\`~lock\` = true
  REMOVE f.\`~lock\`
  WITH f
  WHERE f.revokedAt IS NULL
  SET f.revokedAt = $revokedAt, f.revokedReason = $reason`,
);

export const ACCESS_REVOKE = cypher(
  'oauth-access-revoke',
  ['id', 'revokedAt'],
  `
  MATCH (a:_OAuthAccessToken {id: $id})
  SET a.\`~lock\` = true
  REMOVE a.\`~lock\`
  WITH a
  SET a.revokedAt = coalesce(a.revokedAt, $revokedAt)`,
);

/**
 * The purge of expired tokens, as that of requests and codes (`oauth-grants.ts`); each
 * chunk also returns the families it took tokens from, for `FAMILIES_PURGE_EMPTY`.
 */
export const EXPIRED_TOKENS_PURGE_CHUNK = slotted(
  'oauth-expired-tokens-purge-chunk',
  ['before', 'limit'],
  ['TOKEN_SYSTEM_LABEL'],
  `
  MATCH (t:\`__TOKEN_SYSTEM_LABEL__\`)
  WHERE t.expiresAt < $before
  WITH t LIMIT $limit
  WITH t, t.familyId AS familyId
  DELETE t
  RETURN count(*) AS deleted, collect(DISTINCT familyId) AS familyIds`,
);

export const ACCESS_TOKENS_PURGE_CHUNK = EXPIRED_TOKENS_PURGE_CHUNK.fill({
  TOKEN_SYSTEM_LABEL: '_OAuthAccessToken',
});
export const REFRESH_TOKENS_PURGE_CHUNK = EXPIRED_TOKENS_PURGE_CHUNK.fill({
  TOKEN_SYSTEM_LABEL: '_OAuthRefreshToken',
});

/**
 * Deletes those of the families that have no token left; run in the transaction of the
 * token chunk that named them. Each family's lock is taken (in id order) before the check,
 * so two concurrent purges (two processes) each deleting one of its last tokens cannot
 * both see the other's token and leave the family behind.
 */
export const FAMILIES_PURGE_EMPTY = cypher(
  'oauth-families-purge-empty',
  ['familyIds'],
  `
  UNWIND $familyIds AS familyId
  MATCH (f:_OAuthTokenFamily {id: familyId})
  WITH f
  ORDER BY f.id
  SET f.\`~lock\` = true
  REMOVE f.\`~lock\`
  WITH f
  WHERE NOT EXISTS { MATCH (:_OAuthAccessToken {familyId: f.id}) }
    AND NOT EXISTS { MATCH (:_OAuthRefreshToken {familyId: f.id}) }
  DELETE f
  RETURN count(*) AS deleted`,
);

/** Every statement of this module, for the lint test (the slotted one as its template). */
export const OAUTH_TOKEN_STATEMENTS = [
  FAMILY_CREATE,
  PAIR_CREATE,
  ACCESS_BY_HASH,
  REFRESH_BY_HASH,
  REFRESH_ROTATE,
  FAMILY_REVOKE,
  ACCESS_REVOKE,
  EXPIRED_TOKENS_PURGE_CHUNK,
  FAMILIES_PURGE_EMPTY,
];
