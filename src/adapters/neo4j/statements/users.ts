import { cypher } from '../statement';

/**
 * Users `(:_User {id, email, passwordHash, createdAt})` and their memberships
 * `(:_Membership {userId, workspaceId, scopes, createdAt, updatedAt})`.
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
export const USER_STATEMENTS = [
  USER_CREATE,
  USER_GET,
  USER_BY_EMAIL,
  USER_COUNT,
  USER_LIST,
  MEMBERSHIP_PUT,
  MEMBERSHIP_LIST,
  USERS_PURGE,
];
