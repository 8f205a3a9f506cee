import { cypher } from '../statement';

/**
 * OAuth records: users `(:_User {id, email, passwordHash, createdAt})`, memberships
 * `(:_Membership {userId, workspaceId, scopes, createdAt, updatedAt})`, clients
 * `(:_OAuthClient {id, workspaceId, name, redirectUri, scopes, createdAt, createdBy?})`,
 * pending requests `(:_OAuthRequest)`, codes `(:_OAuthCode)`, token families
 * `(:_OAuthTokenFamily {id, clientId, userId, authorizationCodeId, createdAt, revokedAt?,
 * revokedReason?})` and tokens `(:_OAuthAccessToken)` / `(:_OAuthRefreshToken)` (hashes
 * only, with their family's id and client id). References are ids, as SQLite's foreign
 * keys: a write that needs its referenced records MATCHes them and reports whether it wrote.
 *
 * Single-use operations take the record's write lock first (`SET x.`~lock` ... REMOVE`),
 * then check it: Neo4j reads without locks, so a check before the lock could let two
 * concurrent calls both pass. Of two concurrent calls exactly one wins, as on SQLite.
 */

export const USER_CREATE = cypher(
  'oauth-user-create',
  ['id', 'email', 'passwordHash', 'createdAt'],
  `
  OPTIONAL MATCH (taken:_User {email: $email})
  WITH taken
  WHERE taken IS NULL
  CREATE (u:_User {id: $id, email: $email, passwordHash: $passwordHash, createdAt: $createdAt})
  RETURN count(u) AS created`,
);

export const USER_GET = cypher(
  'oauth-user-get',
  ['id'],
  `
  MATCH (u:_User {id: $id})
  RETURN properties(u) AS user`,
);

export const USER_BY_EMAIL = cypher(
  'oauth-user-by-email',
  ['email'],
  `
  MATCH (u:_User {email: $email})
  RETURN properties(u) AS user`,
);

export const USER_COUNT = cypher(
  'oauth-user-count',
  [],
  `
  MATCH (u:_User)
  RETURN count(u) AS total`,
);

export const USER_LIST = cypher(
  'oauth-user-list',
  ['offset', 'limit'],
  `
  MATCH (u:_User)
  RETURN properties(u) AS user
  ORDER BY u.createdAt, u.id
  SKIP $offset
  LIMIT $limit`,
);

/** Creates the membership or replaces its scopes (keeping createdAt); nothing when the user or workspace is missing. */
export const MEMBERSHIP_PUT = cypher(
  'oauth-membership-put',
  ['userId', 'workspaceId', 'scopes', 'createdAt', 'updatedAt'],
  `
  MATCH (u:_User {id: $userId})
  MATCH (w:_Workspace {id: $workspaceId})
  MERGE (m:_Membership {userId: u.id, workspaceId: w.id})
  ON CREATE SET m.scopes = $scopes, m.createdAt = $createdAt, m.updatedAt = $updatedAt
  ON MATCH SET m.scopes = $scopes, m.updatedAt = $updatedAt
  RETURN properties(m) AS membership`,
);

export const MEMBERSHIP_LIST = cypher(
  'oauth-membership-list',
  ['userId'],
  `
  MATCH (m:_Membership {userId: $userId})
  RETURN properties(m) AS membership
  ORDER BY m.createdAt, m.workspaceId`,
);

/** Creates a client of an existing workspace; `created` is 0 when the workspace is unknown. */
export const CLIENT_CREATE = cypher(
  'oauth-client-create',
  ['id', 'workspaceId', 'name', 'redirectUri', 'scopes', 'createdAt', 'createdBy'],
  `
  MATCH (w:_Workspace {id: $workspaceId})
  CREATE (c:_OAuthClient {
    id: $id, workspaceId: w.id, name: $name, redirectUri: $redirectUri, scopes: $scopes,
    createdAt: $createdAt, createdBy: $createdBy
  })
  RETURN count(c) AS created`,
);

export const CLIENT_GET = cypher(
  'oauth-client-get',
  ['id'],
  `
  MATCH (c:_OAuthClient {id: $id})
  RETURN properties(c) AS client`,
);

/** A null `workspaceId` counts every client. */
export const CLIENT_COUNT = cypher(
  'oauth-client-count',
  ['workspaceId'],
  `
  MATCH (c:_OAuthClient)
  WHERE $workspaceId IS NULL OR c.workspaceId = $workspaceId
  RETURN count(c) AS total`,
);

export const CLIENT_LIST = cypher(
  'oauth-client-list',
  ['workspaceId', 'offset', 'limit'],
  `
  MATCH (c:_OAuthClient)
  WHERE $workspaceId IS NULL OR c.workspaceId = $workspaceId
  RETURN properties(c) AS client
  ORDER BY c.createdAt, c.id
  SKIP $offset
  LIMIT $limit`,
);

/** Deletes the client; the `CLIENT_CASCADE` statements then remove what was issued to it. */
export const CLIENT_DELETE = cypher(
  'oauth-client-delete',
  ['workspaceId', 'id'],
  `
  MATCH (c:_OAuthClient {id: $id})
  WHERE c.workspaceId = $workspaceId
  DELETE c
  RETURN count(*) AS deleted`,
);

/** SQLite's cascade from a deleted client, label by label (each an index seek). */
export const CLIENT_CASCADE = [
  cypher(
    'oauth-client-cascade-requests',
    ['clientId'],
    `
    MATCH (x:_OAuthRequest {clientId: $clientId})
    DELETE x`,
  ),
  cypher(
    'oauth-client-cascade-codes',
    ['clientId'],
    `
    MATCH (x:_OAuthCode {clientId: $clientId})
    DELETE x`,
  ),
  cypher(
    'oauth-client-cascade-families',
    ['clientId'],
    `
    MATCH (x:_OAuthTokenFamily {clientId: $clientId})
    DELETE x`,
  ),
  cypher(
    'oauth-client-cascade-access-tokens',
    ['clientId'],
    `
    MATCH (x:_OAuthAccessToken {clientId: $clientId})
    DELETE x`,
  ),
  cypher(
    'oauth-client-cascade-refresh-tokens',
    ['clientId'],
    `
    MATCH (x:_OAuthRefreshToken {clientId: $clientId})
    DELETE x`,
  ),
];

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
 * The purge of expired records (`OAuthGrantStore.purgeExpired`): each deletes one chunk of
 * the label's records with `expiresAt < $before` (range index of `009-oauth-expiry.cypher`).
 */
export const REQUESTS_PURGE_CHUNK = cypher(
  'oauth-requests-purge-chunk',
  ['before', 'limit'],
  `
  MATCH (r:_OAuthRequest)
  WHERE r.expiresAt < $before
  WITH r LIMIT $limit
  DELETE r
  RETURN count(*) AS deleted`,
);

export const CODES_PURGE_CHUNK = cypher(
  'oauth-codes-purge-chunk',
  ['before', 'limit'],
  `
  MATCH (k:_OAuthCode)
  WHERE k.expiresAt < $before
  WITH k LIMIT $limit
  DELETE k
  RETURN count(*) AS deleted`,
);

/** Token chunks also return the families they took tokens from, for `FAMILIES_PURGE_EMPTY`. */
export const ACCESS_TOKENS_PURGE_CHUNK = cypher(
  'oauth-access-tokens-purge-chunk',
  ['before', 'limit'],
  `
  MATCH (a:_OAuthAccessToken)
  WHERE a.expiresAt < $before
  WITH a LIMIT $limit
  WITH a, a.familyId AS familyId
  DELETE a
  RETURN count(*) AS deleted, collect(DISTINCT familyId) AS familyIds`,
);

export const REFRESH_TOKENS_PURGE_CHUNK = cypher(
  'oauth-refresh-tokens-purge-chunk',
  ['before', 'limit'],
  `
  MATCH (t:_OAuthRefreshToken)
  WHERE t.expiresAt < $before
  WITH t LIMIT $limit
  WITH t, t.familyId AS familyId
  DELETE t
  RETURN count(*) AS deleted, collect(DISTINCT familyId) AS familyIds`,
);

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

/** Tests against a shared server: removes exactly the users they made, with their memberships. */
export const USERS_PURGE = cypher(
  'oauth-users-purge',
  ['ids'],
  `
  MATCH (u:_User)
  WHERE u.id IN $ids
  OPTIONAL MATCH (m:_Membership {userId: u.id})
  DETACH DELETE m, u`,
);

/** Every statement of this module, for the lint test. */
export const OAUTH_STATEMENTS = [
  USER_CREATE,
  USER_GET,
  USER_BY_EMAIL,
  USER_COUNT,
  USER_LIST,
  MEMBERSHIP_PUT,
  MEMBERSHIP_LIST,
  CLIENT_CREATE,
  CLIENT_GET,
  CLIENT_COUNT,
  CLIENT_LIST,
  CLIENT_DELETE,
  ...CLIENT_CASCADE,
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
  FAMILY_CREATE,
  PAIR_CREATE,
  ACCESS_BY_HASH,
  REFRESH_BY_HASH,
  REFRESH_ROTATE,
  FAMILY_REVOKE,
  ACCESS_REVOKE,
  REQUESTS_PURGE_CHUNK,
  CODES_PURGE_CHUNK,
  ACCESS_TOKENS_PURGE_CHUNK,
  REFRESH_TOKENS_PURGE_CHUNK,
  FAMILIES_PURGE_EMPTY,
  USERS_PURGE,
];
