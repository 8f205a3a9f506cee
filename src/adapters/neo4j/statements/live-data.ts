import { cypher } from '../statement';

/**
 * Live data source records `(:_LiveDataSource {workspaceId, id, name, unit?, description?,
 * entityId?, createdAt})`. The time series themselves stay in the time-series store; the
 * source's `entityId` is a plain property, not a relationship, as on SQLite (the entity may
 * be deleted later and the source keeps its record). A null parameter leaves the property
 * absent, which reads back as null.
 */

export const LIVE_SOURCE_CREATE = cypher(
  'live-source-create',
  ['workspaceId', 'id', 'name', 'unit', 'description', 'entityId', 'createdAt'],
  `
  CREATE (s:_LiveDataSource {
    workspaceId: $workspaceId, id: $id, name: $name, unit: $unit,
    description: $description, entityId: $entityId, createdAt: $createdAt
  })`,
);

export const LIVE_SOURCE_GET = cypher(
  'live-source-get',
  ['workspaceId', 'id'],
  `
  MATCH (s:_LiveDataSource {workspaceId: $workspaceId, id: $id})
  RETURN properties(s) AS source`,
);

export const LIVE_SOURCE_GET_MANY = cypher(
  'live-source-get-many',
  ['workspaceId', 'ids'],
  `
  MATCH (s:_LiveDataSource)
  WHERE s.workspaceId = $workspaceId AND s.id IN $ids
  RETURN properties(s) AS source`,
);

/** A null `entityId` lists every source of the workspace. */
export const LIVE_SOURCE_COUNT = cypher(
  'live-source-count',
  ['workspaceId', 'entityId'],
  `
  MATCH (s:_LiveDataSource {workspaceId: $workspaceId})
  WHERE $entityId IS NULL OR s.entityId = $entityId
  RETURN count(s) AS total`,
);

export const LIVE_SOURCE_LIST = cypher(
  'live-source-list',
  ['workspaceId', 'entityId', 'offset', 'limit'],
  `
  MATCH (s:_LiveDataSource {workspaceId: $workspaceId})
  WHERE $entityId IS NULL OR s.entityId = $entityId
  RETURN properties(s) AS source
  ORDER BY s.createdAt, s.id
  SKIP $offset
  LIMIT $limit`,
);

/** Every statement of this module, for the lint test. */
export const LIVE_DATA_STATEMENTS = [
  LIVE_SOURCE_CREATE,
  LIVE_SOURCE_GET,
  LIVE_SOURCE_GET_MANY,
  LIVE_SOURCE_COUNT,
  LIVE_SOURCE_LIST,
];
