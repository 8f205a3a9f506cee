import { cypher } from '../statement';

/**
 * Workspaces `(:_Workspace {id, name, plan, limitPerMinute?, limitPerDay?, createdAt})` and
 * API keys `(:_ApiKey {id, workspaceId, name, prefix, secretHash, scopes, createdAt,
 * expiresAt?, revokedAt?, createdBy?})`. A null parameter leaves the property absent, which
 * reads back as null.
 */

export const WORKSPACE_CREATE = cypher(
  'workspace-create',
  ['id', 'name', 'plan', 'limitPerMinute', 'limitPerDay', 'createdAt'],
  `
  CREATE (w:_Workspace {
    id: $id, name: $name, plan: $plan, limitPerMinute: $limitPerMinute,
    limitPerDay: $limitPerDay, createdAt: $createdAt
  })`,
);

export const WORKSPACE_GET = cypher(
  'workspace-get',
  ['id'],
  `
  MATCH (w:_Workspace {id: $id})
  RETURN properties(w) AS workspace`,
);

export const WORKSPACE_COUNT_BY_IDS = cypher(
  'workspace-count-by-ids',
  ['ids'],
  `
  MATCH (w:_Workspace)
  WHERE w.id IN $ids
  RETURN count(w) AS total`,
);

export const WORKSPACE_LIST_BY_IDS = cypher(
  'workspace-list-by-ids',
  ['ids', 'offset', 'limit'],
  `
  MATCH (w:_Workspace)
  WHERE w.id IN $ids
  RETURN properties(w) AS workspace
  ORDER BY w.createdAt, w.id
  SKIP $offset
  LIMIT $limit`,
);

export const WORKSPACE_COUNT = cypher(
  'workspace-count',
  [],
  `
  MATCH (w:_Workspace)
  RETURN count(w) AS total`,
);

export const WORKSPACE_LIST_ALL = cypher(
  'workspace-list-all',
  ['offset', 'limit'],
  `
  MATCH (w:_Workspace)
  RETURN properties(w) AS workspace
  ORDER BY w.createdAt, w.id
  SKIP $offset
  LIMIT $limit`,
);

/**
 * Changes what is given: a null name or plan keeps the stored one; limits change only when
 * `setLimits` (null limits then clear them). One statement, so one lock and no lost update.
 */
export const WORKSPACE_UPDATE = cypher(
  'workspace-update',
  ['id', 'name', 'plan', 'setLimits', 'limitPerMinute', 'limitPerDay'],
  `
  MATCH (w:_Workspace {id: $id})
  SET w.name = coalesce($name, w.name),
    w.plan = coalesce($plan, w.plan),
    w.limitPerMinute = CASE WHEN $setLimits THEN $limitPerMinute ELSE w.limitPerMinute END,
    w.limitPerDay = CASE WHEN $setLimits THEN $limitPerDay ELSE w.limitPerDay END
  RETURN properties(w) AS workspace`,
);

/** Creates a key of an existing workspace; `created` is 0 when the workspace is unknown. */
export const API_KEY_CREATE = cypher(
  'api-key-create',
  [
    'id',
    'workspaceId',
    'name',
    'prefix',
    'secretHash',
    'scopes',
    'createdAt',
    'expiresAt',
    'createdBy',
  ],
  `
  MATCH (w:_Workspace {id: $workspaceId})
  CREATE (k:_ApiKey {
    id: $id, workspaceId: w.id, name: $name, prefix: $prefix, secretHash: $secretHash,
    scopes: $scopes, createdAt: $createdAt, expiresAt: $expiresAt, createdBy: $createdBy
  })
  RETURN count(k) AS created`,
);

export const API_KEY_BY_HASH = cypher(
  'api-key-by-hash',
  ['secretHash'],
  `
  MATCH (k:_ApiKey {secretHash: $secretHash})
  RETURN properties(k) AS key`,
);

export const API_KEY_GET = cypher(
  'api-key-get',
  ['workspaceId', 'id'],
  `
  MATCH (k:_ApiKey {workspaceId: $workspaceId, id: $id})
  RETURN properties(k) AS key`,
);

export const API_KEY_COUNT = cypher(
  'api-key-count',
  ['workspaceId'],
  `
  MATCH (k:_ApiKey {workspaceId: $workspaceId})
  RETURN count(k) AS total`,
);

export const API_KEY_LIST = cypher(
  'api-key-list',
  ['workspaceId', 'offset', 'limit'],
  `
  MATCH (k:_ApiKey {workspaceId: $workspaceId})
  RETURN properties(k) AS key
  ORDER BY k.createdAt, k.id
  SKIP $offset
  LIMIT $limit`,
);

/** Revokes once: a second revoke keeps the first time. */
export const API_KEY_REVOKE = cypher(
  'api-key-revoke',
  ['workspaceId', 'id', 'revokedAt'],
  `
  MATCH (k:_ApiKey {workspaceId: $workspaceId, id: $id})
  SET k.revokedAt = coalesce(k.revokedAt, $revokedAt)
  RETURN properties(k) AS key`,
);

/** Every statement of this module, for the lint test. */
export const SYSTEM_STATEMENTS = [
  WORKSPACE_CREATE,
  WORKSPACE_GET,
  WORKSPACE_COUNT_BY_IDS,
  WORKSPACE_LIST_BY_IDS,
  WORKSPACE_COUNT,
  WORKSPACE_LIST_ALL,
  WORKSPACE_UPDATE,
  API_KEY_CREATE,
  API_KEY_BY_HASH,
  API_KEY_GET,
  API_KEY_COUNT,
  API_KEY_LIST,
  API_KEY_REVOKE,
];
