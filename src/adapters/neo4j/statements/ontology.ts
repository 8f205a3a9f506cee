import { cypher } from '../statement';

/**
 * Ontology types, settings and the unique index (`cypher/schema/011-ontology.cypher`), and
 * the type scans and counts the ontology's checks run on the graph. Definitions are stored
 * as JSON text: a definition is a document the service reads whole, never a graph to query.
 */

const SETTINGS_FIELDS =
  's.strictOntology AS strictOntology, s.revision AS revision, s.updatedAt AS updatedAt';

export const ONTOLOGY_SETTINGS_GET = cypher(
  'ontology-settings-get',
  ['workspaceId'],
  `
  MATCH (s:_OntologySettings {workspaceId: $workspaceId})
  RETURN ${SETTINGS_FIELDS}`,
);

/**
 * Takes the write lock of the workspace's ontology (creating its settings node if need be;
 * a new node has no revision until the caller writes one), so that two changes of the
 * ontology never compute the same next revision.
 */
export const ONTOLOGY_SETTINGS_LOCK = cypher(
  'ontology-settings-lock',
  ['workspaceId'],
  `
  MERGE (s:_OntologySettings {workspaceId: $workspaceId})
  SET s.\`~lock\` = true
  REMOVE s.\`~lock\`
  RETURN ${SETTINGS_FIELDS}`,
);

export const ONTOLOGY_SETTINGS_PUT = cypher(
  'ontology-settings-put',
  ['workspaceId', 'strictOntology', 'revision', 'updatedAt'],
  `
  MERGE (s:_OntologySettings {workspaceId: $workspaceId})
  SET s.strictOntology = $strictOntology, s.revision = $revision, s.updatedAt = $updatedAt`,
);

const TYPE_FIELDS = `t.kind AS kind, t.name AS name, t.definition AS definition,
  t.version AS version, t.createdAt AS createdAt, t.updatedAt AS updatedAt`;

export const ONTOLOGY_TYPES_LIST = cypher(
  'ontology-types-list',
  ['workspaceId'],
  `
  MATCH (t:_OntologyType {workspaceId: $workspaceId})
  RETURN ${TYPE_FIELDS}
  ORDER BY kind, name`,
);

export const ONTOLOGY_TYPE_PUT = cypher(
  'ontology-type-put',
  ['workspaceId', 'kind', 'name', 'definition', 'version', 'createdAt', 'updatedAt'],
  `
  MERGE (t:_OntologyType {workspaceId: $workspaceId, kind: $kind, name: $name})
  SET t.definition = $definition, t.version = $version, t.createdAt = $createdAt,
    t.updatedAt = $updatedAt`,
);

export const ONTOLOGY_TYPE_DELETE = cypher(
  'ontology-type-delete',
  ['workspaceId', 'kind', 'name'],
  `
  MATCH (t:_OntologyType {workspaceId: $workspaceId, kind: $kind, name: $name})
  DELETE t
  RETURN count(*) AS deleted`,
);

const UNIQUE_KEY = `workspaceId: $workspaceId, recordKind: $recordKind, typeName: $typeName,
  property: $property, value: $value`;

/** Claims a value for a record; `holder` is whoever holds it afterwards. */
export const UNIQUE_CLAIM = cypher(
  'unique-claim',
  ['workspaceId', 'recordKind', 'typeName', 'property', 'value', 'recordId'],
  `
  MERGE (u:_UniqueValue {${UNIQUE_KEY}})
  ON CREATE SET u.recordId = $recordId
  RETURN u.recordId AS holder`,
);

export const UNIQUE_RELEASE = cypher(
  'unique-release',
  ['workspaceId', 'recordKind', 'typeName', 'property', 'value', 'recordId'],
  `
  MATCH (u:_UniqueValue {${UNIQUE_KEY}})
  WHERE u.recordId = $recordId
  DELETE u`,
);

export const UNIQUE_CLEAR = cypher(
  'unique-clear',
  ['workspaceId', 'recordKind', 'typeName'],
  `
  MATCH (u:_UniqueValue {workspaceId: $workspaceId, recordKind: $recordKind, typeName: $typeName})
  DELETE u`,
);

export const NODES_OF_TYPE = cypher(
  'nodes-of-type',
  ['workspaceId', 'entityType', 'afterId', 'limit'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, entityType: $entityType})
  WHERE n.id > $afterId
  RETURN properties(n) AS node
  ORDER BY n.id
  LIMIT $limit`,
);

export const EDGES_OF_TYPE = cypher(
  'edges-of-type',
  ['workspaceId', 'type', 'afterId', 'limit'],
  `
  MATCH (k:_EdgeRef {workspaceId: $workspaceId, type: $type})
  WHERE k.id > $afterId
  WITH k
  ORDER BY k.id
  LIMIT $limit
  MATCH (s:Entity {workspaceId: $workspaceId, id: k.sourceId})-[r]->(t:Entity {workspaceId: $workspaceId, id: k.targetId})
  WHERE r.id = k.id
  RETURN r {.*, type: type(r), sourceId: s.id, targetId: t.id} AS edge
  ORDER BY edge.id`,
);

/** How many records of each type `match` finds in the workspace, `type` naming the type. */
function typeCounts(name: string, match: string, type: string) {
  return cypher(
    name,
    ['workspaceId'],
    `
  MATCH ${match}
  RETURN ${type} AS type, count(*) AS count
  ORDER BY type`,
  );
}

export const NODE_TYPE_COUNTS = typeCounts(
  'node-type-counts',
  '(n:Entity {workspaceId: $workspaceId})',
  'n.entityType',
);

export const EDGE_TYPE_COUNTS = typeCounts(
  'edge-type-counts',
  '(k:_EdgeRef {workspaceId: $workspaceId})',
  'k.type',
);

export const EDGES_AT_SOURCE = cypher(
  'edges-at-source',
  ['workspaceId', 'nodeId', 'type'],
  `
  MATCH (k:_EdgeRef {workspaceId: $workspaceId, sourceId: $nodeId, type: $type})
  RETURN count(k) AS count`,
);

export const EDGES_AT_TARGET = cypher(
  'edges-at-target',
  ['workspaceId', 'nodeId', 'type'],
  `
  MATCH (k:_EdgeRef {workspaceId: $workspaceId, targetId: $nodeId, type: $type})
  RETURN count(k) AS count`,
);

/** Every statement of this module, for the lint test. */
export const ONTOLOGY_STATEMENTS = [
  ONTOLOGY_SETTINGS_GET,
  ONTOLOGY_SETTINGS_LOCK,
  ONTOLOGY_SETTINGS_PUT,
  ONTOLOGY_TYPES_LIST,
  ONTOLOGY_TYPE_PUT,
  ONTOLOGY_TYPE_DELETE,
  UNIQUE_CLAIM,
  UNIQUE_RELEASE,
  UNIQUE_CLEAR,
  NODES_OF_TYPE,
  EDGES_OF_TYPE,
  NODE_TYPE_COUNTS,
  EDGE_TYPE_COUNTS,
  EDGES_AT_SOURCE,
  EDGES_AT_TARGET,
];
