import { cypher, deleteChunkText, slotted } from '../statement';

/**
 * Search vectors in Neo4j (docs/search.md "Neo4j"): one `(:_Vector {workspaceId, nodeId,
 * entityType, embedding})` node per indexed entity, beside the graph rather than on the
 * `:Entity` node, so the vector is never one of the entity's properties (lists, exports,
 * analysts' `properties(n)`) and entity writes (`SET n = $node`) never touch it. The label
 * and the index names are slots: the service uses `_Vector` and `vector_*`, a test store
 * a label and names of its own.
 */

/** The vector index, if any, named `$name`, with what `ensure` compares. */
export const VECTOR_INDEX_SHOW = cypher(
  'vector-index-show',
  ['name'],
  `
  SHOW VECTOR INDEXES YIELD name, labelsOrTypes, properties, options, state
  WHERE name = $name
  RETURN labelsOrTypes, properties, options, state`,
);

/**
 * The index over every workspace's vectors. Cosine; quantization stays on (Neo4j's default:
 * a quarter of the memory for the graph's vectors) because hits are scored again exactly.
 */
export const VECTOR_INDEX_CREATE = slotted(
  'vector-index-create',
  ['dimensions'],
  ['VECTOR_INDEX', 'VECTOR_SYSTEM_LABEL'],
  `
  CREATE VECTOR INDEX \`__VECTOR_INDEX__\` IF NOT EXISTS
  FOR (v:\`__VECTOR_SYSTEM_LABEL__\`) ON v.embedding
  OPTIONS {indexConfig: {\`vector.dimensions\`: $dimensions, \`vector.similarity_function\`: 'cosine'}}`,
);

export const VECTOR_INDEX_DROP = slotted(
  'vector-index-drop',
  [],
  ['VECTOR_INDEX'],
  'DROP INDEX `__VECTOR_INDEX__` IF EXISTS',
);

/** One point per (workspace, node); also the look-up of `remove`. */
export const VECTOR_NODE_CONSTRAINT = slotted(
  'vector-node-constraint',
  [],
  ['NODE_INDEX', 'VECTOR_SYSTEM_LABEL'],
  `
  CREATE CONSTRAINT \`__NODE_INDEX__\` IF NOT EXISTS
  FOR (v:\`__VECTOR_SYSTEM_LABEL__\`) REQUIRE (v.workspaceId, v.nodeId) IS UNIQUE`,
);

/** Counts, clears and exact searches of one workspace (the composite above cannot serve them). */
export const VECTOR_WORKSPACE_INDEX = slotted(
  'vector-workspace-index',
  [],
  ['WORKSPACE_INDEX', 'VECTOR_SYSTEM_LABEL'],
  `
  CREATE INDEX \`__WORKSPACE_INDEX__\` IF NOT EXISTS
  FOR (v:\`__VECTOR_SYSTEM_LABEL__\`) ON (v.workspaceId)`,
);

/**
 * Inserts or replaces points; `db.create.setNodeVectorProperty` stores the vector as 32-bit
 * floats (half of what `SET` would store). The caller keeps the last point of a node.
 */
export const VECTOR_UPSERT = slotted(
  'vector-upsert',
  ['points'],
  ['VECTOR_SYSTEM_LABEL'],
  `
  UNWIND $points AS point
  MERGE (v:\`__VECTOR_SYSTEM_LABEL__\` {workspaceId: point.workspaceId, nodeId: point.nodeId})
  SET v.entityType = point.entityType
  WITH v, point
  CALL db.create.setNodeVectorProperty(v, 'embedding', point.vector)`,
);

export const VECTOR_REMOVE = slotted(
  'vector-remove',
  ['workspaceId', 'nodeIds'],
  ['VECTOR_SYSTEM_LABEL'],
  `
  UNWIND $nodeIds AS nodeId
  MATCH (v:\`__VECTOR_SYSTEM_LABEL__\` {workspaceId: $workspaceId, nodeId: nodeId})
  DELETE v`,
);

/** Deletes up to `$limit` points of a workspace (one chunk of `clearWorkspace`). */
export const VECTOR_CLEAR_CHUNK = slotted(
  'vector-clear-chunk',
  ['workspaceId', 'limit'],
  ['VECTOR_SYSTEM_LABEL'],
  deleteChunkText('MATCH (v:`__VECTOR_SYSTEM_LABEL__` {workspaceId: $workspaceId})', 'v'),
);

/** Deletes up to `$limit` points of every workspace (the index is recreated). */
export const VECTOR_DELETE_CHUNK = slotted(
  'vector-delete-chunk',
  ['limit'],
  ['VECTOR_SYSTEM_LABEL'],
  deleteChunkText('MATCH (v:`__VECTOR_SYSTEM_LABEL__`)', 'v'),
);

export const VECTOR_COUNT = slotted(
  'vector-count',
  ['workspaceId'],
  ['VECTOR_SYSTEM_LABEL'],
  `
  MATCH (v:\`__VECTOR_SYSTEM_LABEL__\` {workspaceId: $workspaceId})
  RETURN count(v) AS points`,
);

/** The length of one stored vector, if any (the index's dimensions when it is missing). */
export const VECTOR_STORED_DIMENSIONS = slotted(
  'vector-stored-dimensions',
  [],
  ['VECTOR_SYSTEM_LABEL'],
  `
  MATCH (v:\`__VECTOR_SYSTEM_LABEL__\`)
  RETURN size(v.embedding) AS dimensions
  LIMIT 1`,
);

/**
 * What a search chooses its path by: the points it may return (the workspace's, of the
 * entity type when one is asked) and every point of the index (a label count, from the
 * count store).
 */
export const VECTOR_SELECTION = slotted(
  'vector-selection',
  ['workspaceId', 'entityType'],
  ['VECTOR_SYSTEM_LABEL'],
  `
  CALL () {
    MATCH (v:\`__VECTOR_SYSTEM_LABEL__\`)
    RETURN count(v) AS total
  }
  CALL () {
    MATCH (v:\`__VECTOR_SYSTEM_LABEL__\` {workspaceId: $workspaceId})
    WHERE $entityType IS NULL OR v.entityType = $entityType
    RETURN count(v) AS selected
  }
  RETURN total, selected`,
);

/**
 * The approximate path: the `$fetch` nearest points of every workspace from the index (best
 * first), of which those of the workspace (and entity type) are kept; the best `$rescore`
 * of them are scored again exactly, since the index scores quantized vectors. `seen` says
 * whether the index ran out, `kept` how many of the candidates were the workspace's.
 * Scores are Neo4j's normalised similarity, (1 + cosine) / 2.
 */
export const VECTOR_NEAREST = cypher(
  'vector-nearest',
  ['indexName', 'fetch', 'vector', 'workspaceId', 'entityType', 'rescore'],
  `
  CALL db.index.vector.queryNodes($indexName, $fetch, $vector) YIELD node
  WITH collect(node) AS candidates
  WITH size(candidates) AS seen,
       [v IN candidates
        WHERE v.workspaceId = $workspaceId
          AND ($entityType IS NULL OR v.entityType = $entityType)] AS kept
  RETURN seen, size(kept) AS kept,
         [v IN kept[0..$rescore]
          | {nodeId: v.nodeId, similarity: vector.similarity.cosine(v.embedding, $vector)}] AS hits`,
);

/** The exact path: every point of the workspace (and entity type) scored, best first. */
export const VECTOR_EXACT = slotted(
  'vector-exact',
  ['workspaceId', 'entityType', 'vector', 'limit'],
  ['VECTOR_SYSTEM_LABEL'],
  `
  MATCH (v:\`__VECTOR_SYSTEM_LABEL__\` {workspaceId: $workspaceId})
  WHERE $entityType IS NULL OR v.entityType = $entityType
  WITH v.nodeId AS nodeId, vector.similarity.cosine(v.embedding, $vector) AS similarity
  RETURN nodeId, similarity
  ORDER BY similarity DESC, nodeId
  LIMIT $limit`,
);

/** The statements of one store: its label, and index names made from `prefix`. */
export function vectorStatements(label: string, prefix: string) {
  const names = {
    VECTOR_SYSTEM_LABEL: label,
    VECTOR_INDEX: `${prefix}_embedding`,
    NODE_INDEX: `${prefix}_node`,
    WORKSPACE_INDEX: `${prefix}_workspace`,
  };
  return {
    label,
    indexName: names.VECTOR_INDEX,
    createIndex: VECTOR_INDEX_CREATE.fill(names),
    dropIndex: VECTOR_INDEX_DROP.fill(names),
    nodeConstraint: VECTOR_NODE_CONSTRAINT.fill(names),
    workspaceIndex: VECTOR_WORKSPACE_INDEX.fill(names),
    upsert: VECTOR_UPSERT.fill(names),
    remove: VECTOR_REMOVE.fill(names),
    clearChunk: VECTOR_CLEAR_CHUNK.fill(names),
    deleteChunk: VECTOR_DELETE_CHUNK.fill(names),
    count: VECTOR_COUNT.fill(names),
    storedDimensions: VECTOR_STORED_DIMENSIONS.fill(names),
    selection: VECTOR_SELECTION.fill(names),
    exact: VECTOR_EXACT.fill(names),
  };
}

/** The statements of one store, filled (see `vectorStatements`). */
export type VectorStatements = ReturnType<typeof vectorStatements>;

/** Every statement of this module, for the lint test. */
export const VECTOR_STATEMENTS = [
  VECTOR_INDEX_SHOW,
  VECTOR_INDEX_CREATE,
  VECTOR_INDEX_DROP,
  VECTOR_NODE_CONSTRAINT,
  VECTOR_WORKSPACE_INDEX,
  VECTOR_UPSERT,
  VECTOR_REMOVE,
  VECTOR_CLEAR_CHUNK,
  VECTOR_DELETE_CHUNK,
  VECTOR_COUNT,
  VECTOR_STORED_DIMENSIONS,
  VECTOR_SELECTION,
  VECTOR_NEAREST,
  VECTOR_EXACT,
];
