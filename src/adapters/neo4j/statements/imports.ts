import { cypher } from '../statement';

/**
 * Records of imports through the API `(:_Import {workspaceId, id, actorId, status, nodes,
 * edges, unchanged, lines, errors, validateRecords, startedAt, finishedAt?})`, `errors` as
 * JSON text (the record's own document, not graph data). A null `finishedAt` leaves the
 * property absent; records written before `validateRecords` existed lack it (read as true).
 */

export const IMPORT_CREATE = cypher(
  'import-create',
  [
    'workspaceId',
    'id',
    'actorId',
    'status',
    'nodes',
    'edges',
    'unchanged',
    'lines',
    'errors',
    'validateRecords',
    'startedAt',
    'finishedAt',
  ],
  `
  CREATE (i:_Import {
    workspaceId: $workspaceId, id: $id, actorId: $actorId, status: $status, nodes: $nodes,
    edges: $edges, unchanged: $unchanged, lines: $lines, errors: $errors,
    validateRecords: $validateRecords, startedAt: $startedAt, finishedAt: $finishedAt
  })`,
);

export const IMPORT_UPDATE = cypher(
  'import-update',
  ['workspaceId', 'id', 'status', 'nodes', 'edges', 'unchanged', 'lines', 'errors', 'finishedAt'],
  `
  MATCH (i:_Import {workspaceId: $workspaceId, id: $id})
  SET i.status = $status, i.nodes = $nodes, i.edges = $edges, i.unchanged = $unchanged,
    i.lines = $lines, i.errors = $errors, i.finishedAt = $finishedAt
  RETURN count(i) AS updated`,
);

export const IMPORT_GET = cypher(
  'import-get',
  ['workspaceId', 'id'],
  `
  MATCH (i:_Import {workspaceId: $workspaceId, id: $id})
  RETURN properties(i) AS record`,
);

export const IMPORT_COUNT = cypher(
  'import-count',
  ['workspaceId'],
  `
  MATCH (i:_Import {workspaceId: $workspaceId})
  RETURN count(i) AS total`,
);

export const IMPORT_LIST = cypher(
  'import-list',
  ['workspaceId', 'offset', 'limit'],
  `
  MATCH (i:_Import {workspaceId: $workspaceId})
  RETURN properties(i) AS record
  ORDER BY i.startedAt DESC, i.id DESC
  SKIP $offset
  LIMIT $limit`,
);

/** Every statement of this module, for the lint test. */
export const IMPORT_STATEMENTS = [
  IMPORT_CREATE,
  IMPORT_UPDATE,
  IMPORT_GET,
  IMPORT_COUNT,
  IMPORT_LIST,
];
