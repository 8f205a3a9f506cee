import { cypher } from '../statement';

/**
 * OAuth clients `(:_OAuthClient {id, workspaceId, name, redirectUri, scopes, createdAt,
 * createdBy?})`. What was issued to a client refers to it by id, as SQLite's foreign keys
 * do; deleting a client removes it (`CLIENT_CASCADE`).
 */

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

/** Every statement of this module, for the lint test. */
export const OAUTH_CLIENT_STATEMENTS = [
  CLIENT_CREATE,
  CLIENT_GET,
  CLIENT_COUNT,
  CLIENT_LIST,
  CLIENT_DELETE,
  ...CLIENT_CASCADE,
];
