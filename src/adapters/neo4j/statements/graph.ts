import { cypher, slotted } from '../statement';

/**
 * Record-level graph statements (docs/ontology.md). An entity is
 * `(:Entity:<EntityType> {id, workspaceId, entityType, name, version, createdAt, updatedAt,
 * ...properties})`; an edge is `[:<TYPE> {id, workspaceId, version, createdAt, updatedAt,
 * ...properties}]` between two entities of its workspace.
 *
 * Neo4j indexes relationship properties per relationship type only, so an edge id cannot
 * be looked up (or kept unique) across types on the relationship itself. Each edge has a
 * companion `(:_EdgeRef {workspaceId, id, type, sourceId, targetId, createdAt, updatedAt})`
 * node under a uniqueness constraint: it finds the edge from its id, makes concurrent
 * inserts of one id safe (see EDGE_INSERT), and serves the edge lists. Edges are never
 * updated in place, so the copy never goes stale.
 *
 * Inserts take many rows at once (`UNWIND $rows`): a batch of creates is one statement
 * per kind of record, not one per record.
 *
 * Conditional writes first take the record's write lock (`SET x.`~lock` ... REMOVE`, the
 * pattern of the Neo4j manual's "lost updates" section) and only then read the version:
 * Neo4j reads committed data without locks, so a check made before the lock could pass in
 * two transactions at once. `~` cannot appear in a property key of the API, so these
 * markers never collide with user properties.
 */

/** The edge as the adapter maps it: its properties plus type and ends. */
const EDGE_PROJECTION = 'r {.*, type: type(r), sourceId: s.id, targetId: t.id} AS edge';

/** The relationship of an `_EdgeRef` `k`, bound as `s`-[`r`]->`t`. */
const MATCH_EDGE_OF_REF = `
  MATCH (s:Entity {workspaceId: $workspaceId, id: k.sourceId})-[r]->(t:Entity {workspaceId: $workspaceId, id: k.targetId})
  WHERE r.id = k.id`;

export const NODE_GET = cypher(
  'node-get',
  ['workspaceId', 'id'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
  RETURN properties(n) AS node`,
);

/**
 * Creates each row's node unless its id exists in the workspace; `created` tells which.
 * The look-up is a locking seek of the id's uniqueness constraint (Neo4j plans one when
 * the statement writes), so a concurrent insert of the same id waits for this transaction
 * and then finds the node, as MERGE would, at less cost. The rows' ids are distinct (the
 * writer folds repeats). The type label is a parameter (`$(...)`, Neo4j 5.26), checked by
 * the writer against the domain's pattern, so that one statement serves rows of any types.
 */
export const NODE_INSERT = cypher(
  'node-insert',
  ['workspaceId', 'rows'],
  `
  UNWIND $rows AS row
  OPTIONAL MATCH (stored:Entity {workspaceId: $workspaceId, id: row.id})
  WITH row, stored IS NULL AS created
  CALL (row, created) {
    WITH row WHERE created
    CREATE (n:Entity:$(row.entityType))
    SET n = row.node
  }
  RETURN row.id AS id, created`,
);

/** Takes the node's write lock, then returns it as committed (or nothing). */
export const NODE_LOCK = cypher(
  'node-lock',
  ['workspaceId', 'id'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
  SET n.\`~lock\` = true
  REMOVE n.\`~lock\`
  RETURN properties(n) AS node`,
);

/** Drops the node's old type label when UPDATE_NODE changes its entity type. */
export const NODE_REMOVE_LABEL = slotted(
  'node-remove-label',
  ['workspaceId', 'id'],
  ['ENTITY_TYPE'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
  REMOVE n:\`__ENTITY_TYPE__\``,
);

/** Replaces every property (the record's own fields included) if the version matches. */
export const NODE_REPLACE = slotted(
  'node-replace',
  ['workspaceId', 'id', 'expectedVersion', 'node'],
  ['ENTITY_TYPE'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
  WHERE n.version = $expectedVersion
  SET n = $node, n:\`__ENTITY_TYPE__\`
  RETURN count(n) AS replaced`,
);

export const NODE_DEGREE = cypher(
  'node-degree',
  ['workspaceId', 'id'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
  RETURN COUNT { (n)--() } AS degree`,
);

/** Deletes a node without relationships (DELETE, not DETACH DELETE: edges are the caller's). */
export const NODE_DELETE = cypher(
  'node-delete',
  ['workspaceId', 'id', 'expectedVersion'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId, id: $id})
  WHERE $expectedVersion IS NULL OR n.version = $expectedVersion
  DELETE n
  RETURN count(*) AS deleted`,
);

export const NODES_BY_IDS = cypher(
  'nodes-by-ids',
  ['workspaceId', 'ids'],
  `
  UNWIND $ids AS nodeId
  MATCH (n:Entity {workspaceId: $workspaceId, id: nodeId})
  RETURN properties(n) AS node`,
);

export const EDGES_BY_IDS = cypher(
  'edges-by-ids',
  ['workspaceId', 'ids'],
  `
  UNWIND $ids AS edgeId
  MATCH (k:_EdgeRef {workspaceId: $workspaceId, id: edgeId})
  ${MATCH_EDGE_OF_REF}
  RETURN ${EDGE_PROJECTION}`,
);

/** Every edge at either end of a node; DISTINCT folds a self-loop into one row. */
export const EDGES_OF_NODE = cypher(
  'edges-of-node',
  ['workspaceId', 'id'],
  `
  MATCH (:Entity {workspaceId: $workspaceId, id: $id})-[r]-(:Entity)
  WITH DISTINCT r
  WITH r, startNode(r) AS s, endNode(r) AS t
  RETURN ${EDGE_PROJECTION}
  ORDER BY edge.id`,
);

/**
 * Takes the write locks of the edges' end nodes, given once each and sorted by id, and
 * returns those that exist. One lock order for every insert: two transactions adding
 * edges over shared ends wait for each other instead of deadlocking. Held until commit,
 * so no end can be deleted before the edges exist (Neo4j would lock them for the CREATE
 * anyway, but in the edges' order).
 */
export const EDGE_ENDS_LOCK = cypher(
  'edge-ends-lock',
  ['workspaceId', 'ids'],
  `
  UNWIND $ids AS nodeId
  MATCH (n:Entity {workspaceId: $workspaceId, id: nodeId})
  SET n.\`~lock\` = true
  REMOVE n.\`~lock\`
  RETURN n.id AS id`,
);

/**
 * Claims each row's edge id in the workspace (its `_EdgeRef`, looked up as NODE_INSERT
 * looks up a node) and, when the id was free, creates the relationship between the locked
 * ends; `created` is false when the id was taken, `made` 0 when an end vanished meanwhile.
 * Row ids are distinct; the relationship type is a parameter, as the type label is in
 * NODE_INSERT.
 */
export const EDGE_INSERT = cypher(
  'edge-insert',
  ['workspaceId', 'rows'],
  `
  UNWIND $rows AS row
  OPTIONAL MATCH (stored:_EdgeRef {workspaceId: $workspaceId, id: row.id})
  WITH row, stored IS NULL AS created
  CALL (row, created) {
    WITH row WHERE created
    CREATE (:_EdgeRef {
      workspaceId: $workspaceId, id: row.id, type: row.type, sourceId: row.sourceId,
      targetId: row.targetId, createdAt: row.createdAt, updatedAt: row.updatedAt
    })
    WITH row
    MATCH (s:Entity {workspaceId: $workspaceId, id: row.sourceId})
    MATCH (t:Entity {workspaceId: $workspaceId, id: row.targetId})
    CREATE (s)-[r:$(row.type)]->(t)
    SET r = row.edge
    RETURN count(r) AS made
  }
  RETURN row.id AS id, created, made`,
);

/** Takes the edge's write lock, then returns it as committed (or nothing). */
export const EDGE_LOCK = cypher(
  'edge-lock',
  ['workspaceId', 'id'],
  `
  MATCH (k:_EdgeRef {workspaceId: $workspaceId, id: $id})
  ${MATCH_EDGE_OF_REF}
  SET r.\`~lock\` = true
  REMOVE r.\`~lock\`
  RETURN ${EDGE_PROJECTION}`,
);

/** Deletes the edge and its `_EdgeRef` if the version matches (when given). */
export const EDGE_DELETE = cypher(
  'edge-delete',
  ['workspaceId', 'id', 'expectedVersion'],
  `
  MATCH (k:_EdgeRef {workspaceId: $workspaceId, id: $id})
  ${MATCH_EDGE_OF_REF}
    AND ($expectedVersion IS NULL OR r.version = $expectedVersion)
  DELETE r, k
  RETURN count(*) AS deleted`,
);

/** One breadth-first hop along outgoing edges from every frontier node. */
export const HOP_OUT = cypher(
  'hop-out',
  ['workspaceId', 'frontier', 'types'],
  `
  UNWIND $frontier AS nodeId
  MATCH (:Entity {workspaceId: $workspaceId, id: nodeId})-[r]->(next:Entity)
  WHERE $types IS NULL OR type(r) IN $types
  RETURN r.id AS id, nodeId AS sourceId, next.id AS targetId, next.id AS nextId`,
);

/** One breadth-first hop along incoming edges to every frontier node. */
export const HOP_IN = cypher(
  'hop-in',
  ['workspaceId', 'frontier', 'types'],
  `
  UNWIND $frontier AS nodeId
  MATCH (:Entity {workspaceId: $workspaceId, id: nodeId})<-[r]-(next:Entity)
  WHERE $types IS NULL OR type(r) IN $types
  RETURN r.id AS id, next.id AS sourceId, nodeId AS targetId, next.id AS nextId`,
);

/** Every statement of this module, for the lint test. */
export const GRAPH_STATEMENTS = [
  NODE_GET,
  NODE_INSERT,
  NODE_LOCK,
  NODE_REMOVE_LABEL,
  NODE_REPLACE,
  NODE_DEGREE,
  NODE_DELETE,
  NODES_BY_IDS,
  EDGES_BY_IDS,
  EDGES_OF_NODE,
  EDGE_ENDS_LOCK,
  EDGE_INSERT,
  EDGE_LOCK,
  EDGE_DELETE,
  HOP_OUT,
  HOP_IN,
];
