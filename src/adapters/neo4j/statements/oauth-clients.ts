import { cypher, slotted } from '../statement';

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

/** The labels of what is issued to a client, each holding the client's id (`clientId`). */
export const OAUTH_ISSUED_LABELS = [
  '_OAuthRequest',
  '_OAuthCode',
  '_OAuthTokenFamily',
  '_OAuthAccessToken',
  '_OAuthRefreshToken',
] as const;

/** What was issued to a client, of one label (an index seek on the label's `clientId`). */
export const CLIENT_CASCADE_LABEL = slotted(
  'oauth-client-cascade',
  ['clientId'],
  ['ISSUED_SYSTEM_LABEL'],
  `
  MATCH (x:\`__ISSUED_SYSTEM_LABEL__\` {clientId: $clientId})
  DELETE x`,
);

/** SQLite's cascade from a deleted client, label by label. */
export const CLIENT_CASCADE = OAUTH_ISSUED_LABELS.map((label) =>
  CLIENT_CASCADE_LABEL.fill({ ISSUED_SYSTEM_LABEL: label }),
);

/** Every statement of this module, for the lint test (the slotted one as its template). */
export const OAUTH_CLIENT_STATEMENTS = [
  CLIENT_CREATE,
  CLIENT_GET,
  CLIENT_COUNT,
  CLIENT_LIST,
  CLIENT_DELETE,
  CLIENT_CASCADE_LABEL,
];
