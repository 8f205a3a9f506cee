import { cypher, deleteChunkText, slotted } from '../statement';

/**
 * OAuth grants: pending authorization requests `(:_OAuthRequest)` and authorization codes
 * `(:_OAuthCode)` (the code's hash only). References are ids, as SQLite's foreign keys: a
 * write that needs its referenced records MATCHes them and reports whether it wrote.
 *
 * Single-use operations take the record's write lock first (`SET x.`~lock` ... REMOVE`),
 * then check it: Neo4j reads without locks, so a check before the lock could let two
 * concurrent calls both pass. Of two concurrent calls exactly one wins, as on SQLite.
 */

/** Creates a request of an existing client; `created` is 0 when the client is unknown. */
export const REQUEST_CREATE = cypher(
  'oauth-request-create',
  [
    'id',
    'clientId',
    'redirectUri',
    'scopes',
    'state',
    'codeChallenge',
    'browserHash',
    'userId',
    'createdAt',
    'expiresAt',
    'completedAt',
  ],
  `
  MATCH (c:_OAuthClient {id: $clientId})
  CREATE (r:_OAuthRequest {
    id: $id, clientId: c.id, redirectUri: $redirectUri, scopes: $scopes, state: $state,
    codeChallenge: $codeChallenge, browserHash: $browserHash, userId: $userId,
    createdAt: $createdAt, expiresAt: $expiresAt, completedAt: $completedAt
  })
  RETURN count(r) AS created`,
);

export const REQUEST_GET = cypher(
  'oauth-request-get',
  ['id'],
  `
  MATCH (r:_OAuthRequest {id: $id})
  RETURN properties(r) AS request`,
);

export const REQUEST_SET_USER = cypher(
  'oauth-request-set-user',
  ['id', 'userId'],
  `
  MATCH (r:_OAuthRequest {id: $id})
  SET r.\`~lock\` = true
  REMOVE r.\`~lock\`
  WITH r
  WHERE r.completedAt IS NULL
  SET r.userId = $userId
  RETURN count(r) AS changed`,
);

export const REQUEST_COMPLETE = cypher(
  'oauth-request-complete',
  ['id', 'completedAt'],
  `
  MATCH (r:_OAuthRequest {id: $id})
  SET r.\`~lock\` = true
  REMOVE r.\`~lock\`
  WITH r
  WHERE r.completedAt IS NULL
  SET r.completedAt = $completedAt
  RETURN count(r) AS changed`,
);

/** Creates a code of an existing client and user; `created` is 0 otherwise. */
export const CODE_CREATE = cypher(
  'oauth-code-create',
  [
    'id',
    'codeHash',
    'clientId',
    'userId',
    'redirectUri',
    'scopes',
    'codeChallenge',
    'codeChallengeMethod',
    'createdAt',
    'expiresAt',
  ],
  `
  MATCH (c:_OAuthClient {id: $clientId})
  MATCH (u:_User {id: $userId})
  CREATE (k:_OAuthCode {
    id: $id, codeHash: $codeHash, clientId: c.id, userId: u.id, redirectUri: $redirectUri,
    scopes: $scopes, codeChallenge: $codeChallenge, codeChallengeMethod: $codeChallengeMethod,
    createdAt: $createdAt, expiresAt: $expiresAt
  })
  RETURN count(k) AS created`,
);

export const CODE_BY_HASH = cypher(
  'oauth-code-by-hash',
  ['codeHash'],
  `
  MATCH (k:_OAuthCode {codeHash: $codeHash})
  RETURN properties(k) AS code`,
);

export const CODE_CONSUME = cypher(
  'oauth-code-consume',
  ['id', 'consumedAt'],
  `
  MATCH (k:_OAuthCode {id: $id})
  SET k.\`~lock\` = true
  REMOVE k.\`~lock\`
  WITH k
  WHERE k.consumedAt IS NULL
  SET k.consumedAt = $consumedAt
  RETURN count(k) AS changed`,
);

/**
 * Marks the code revoked (the first time is kept). Its write lock is what `CODE_LOCK`
 * waits for, so a family started concurrently is either seen by `FAMILIES_REVOKE_BY_CODE`
 * or born revoked.
 */
export const CODE_REVOKE = cypher(
  'oauth-code-revoke',
  ['id', 'revokedAt'],
  `
  MATCH (k:_OAuthCode {id: $id})
  SET k.\`~lock\` = true
  REMOVE k.\`~lock\`
  WITH k
  SET k.revokedAt = coalesce(k.revokedAt, $revokedAt)`,
);

export const FAMILIES_REVOKE_BY_CODE = cypher(
  'oauth-families-revoke-by-code',
  ['codeId', 'revokedAt'],
  `
  MATCH (f:_OAuthTokenFamily {authorizationCodeId: $codeId})
  SET f.\`~lock\` = true
  REMOVE f.\`~lock\`
  WITH f
  WHERE f.revokedAt IS NULL
  SET f.revokedAt = $revokedAt, f.revokedReason = 'authorization_code_reuse'`,
);

/** Takes the code's write lock, then returns when it was revoked (or nothing: no such code). */
export const CODE_LOCK = cypher(
  'oauth-code-lock',
  ['id'],
  `
  MATCH (k:_OAuthCode {id: $id})
  SET k.\`~lock\` = true
  REMOVE k.\`~lock\`
  RETURN k.revokedAt AS revokedAt`,
);

/**
 * The purge of expired records (`OAuthGrantStore.purgeExpired`): deletes one chunk of the
 * label's records with `expiresAt < $before` (range index of `009-oauth-expiry.cypher`).
 */
export const EXPIRED_PURGE_CHUNK = slotted(
  'oauth-expired-purge-chunk',
  ['before', 'limit'],
  ['RECORD_SYSTEM_LABEL'],
  deleteChunkText(
    `MATCH (x:\`__RECORD_SYSTEM_LABEL__\`)
  WHERE x.expiresAt < $before`,
    'x',
  ),
);

export const REQUESTS_PURGE_CHUNK = EXPIRED_PURGE_CHUNK.fill({
  RECORD_SYSTEM_LABEL: '_OAuthRequest',
});
export const CODES_PURGE_CHUNK = EXPIRED_PURGE_CHUNK.fill({ RECORD_SYSTEM_LABEL: '_OAuthCode' });

/** Every statement of this module, for the lint test (the slotted one as its template). */
export const OAUTH_GRANT_STATEMENTS = [
  REQUEST_CREATE,
  REQUEST_GET,
  REQUEST_SET_USER,
  REQUEST_COMPLETE,
  CODE_CREATE,
  CODE_BY_HASH,
  CODE_CONSUME,
  CODE_REVOKE,
  FAMILIES_REVOKE_BY_CODE,
  CODE_LOCK,
  EXPIRED_PURGE_CHUNK,
];
