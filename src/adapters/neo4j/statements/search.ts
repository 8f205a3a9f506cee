import { cypher } from '../statement';

/**
 * The search outbox in Neo4j (docs/search.md "Indexing"): one `_IndexOutbox` node per
 * entity whose vector is out of date, written by the graph writer in the same transaction
 * as the entity change. Internal labels start with `_`, like `_EdgeRef`, so analysts'
 * label lists stay about the ontology.
 *
 * `seq` is derived from the statement's clock in microseconds (`timestamp() * 1000`) plus
 * the entry's position in the statement, so the entries of one bulk write keep distinct,
 * ordered seqs (the indexer pages by seq); and never less than the entry's previous seq + 1,
 * so a change always gives its entry a new, larger seq (what `complete` compares) without a
 * global counter node that every command of every workspace would have to lock. An entry
 * is looked up by a locking seek of its uniqueness constraint, then created or moved on:
 * as safe as MERGE, at less cost (see NODE_INSERT).
 */
export const OUTBOX_ENQUEUE = cypher(
  'outbox-enqueue',
  ['workspaceId', 'nodeIds', 'enqueuedAt'],
  `
  UNWIND range(0, size($nodeIds) - 1) AS position
  WITH $nodeIds[position] AS nodeId, timestamp() * 1000 + position AS now
  OPTIONAL MATCH (queued:_IndexOutbox {workspaceId: $workspaceId, nodeId: nodeId})
  CALL (nodeId, now, queued) {
    WITH nodeId, now WHERE queued IS NULL
    CREATE (:_IndexOutbox {
      workspaceId: $workspaceId, nodeId: nodeId, seq: now, enqueuedAt: $enqueuedAt
    })
  }
  CALL (now, queued) {
    WITH now, queued WHERE queued IS NOT NULL
    SET queued.seq = CASE WHEN queued.seq IS NULL OR queued.seq < now THEN now ELSE queued.seq + 1 END,
        queued.enqueuedAt = $enqueuedAt
  }`,
);

/** The oldest entries above a seq, across workspaces (the seq index serves the order). */
export const OUTBOX_PEEK = cypher(
  'outbox-peek',
  ['limit', 'after'],
  `
  MATCH (o:_IndexOutbox)
  WHERE o.seq > $after
  RETURN o.workspaceId AS workspaceId, o.nodeId AS nodeId, o.seq AS seq,
         o.enqueuedAt AS enqueuedAt
  ORDER BY o.seq
  LIMIT $limit`,
);

/** Removes processed entries, unless a later change gave them a new seq. */
export const OUTBOX_COMPLETE = cypher(
  'outbox-complete',
  ['entries'],
  `
  UNWIND $entries AS entry
  MATCH (o:_IndexOutbox {workspaceId: entry.workspaceId, nodeId: entry.nodeId})
  WHERE o.seq = entry.seq
  DELETE o`,
);

export const OUTBOX_PENDING = cypher(
  'outbox-pending',
  ['workspaceId'],
  `
  MATCH (o:_IndexOutbox {workspaceId: $workspaceId})
  RETURN count(o) AS pending`,
);

/** Entries waiting in every workspace (a label count, served by Neo4j's count store). */
export const OUTBOX_PENDING_ALL = cypher(
  'outbox-pending-all',
  [],
  `
  MATCH (o:_IndexOutbox)
  RETURN count(o) AS pending`,
);

/** One page of a workspace's entity ids in id order, for `enqueueWorkspace`. */
export const OUTBOX_NODE_IDS = cypher(
  'outbox-node-ids',
  ['workspaceId', 'after', 'limit'],
  `
  MATCH (n:Entity {workspaceId: $workspaceId})
  WHERE n.id > $after
  RETURN n.id AS id
  ORDER BY n.id
  LIMIT $limit`,
);

/** Every edge of the given types (all when null) with both ends among `ids`. */
export const EDGE_IDS_AMONG = cypher(
  'edge-ids-among',
  ['workspaceId', 'ids', 'types'],
  `
  UNWIND $ids AS nodeId
  MATCH (:Entity {workspaceId: $workspaceId, id: nodeId})-[r]->(other:Entity)
  WHERE other.workspaceId = $workspaceId AND other.id IN $ids
    AND ($types IS NULL OR type(r) IN $types)
  RETURN DISTINCT r.id AS id`,
);

/** Which of `ids` are entities of the workspace, in the order given. */
export const EXISTING_NODE_IDS = cypher(
  'existing-node-ids',
  ['workspaceId', 'ids'],
  `
  UNWIND range(0, size($ids) - 1) AS rank
  MATCH (n:Entity {workspaceId: $workspaceId, id: $ids[rank]})
  RETURN n.id AS id
  ORDER BY rank`,
);

/** Every statement of this module, for the lint test. */
export const SEARCH_STATEMENTS = [
  OUTBOX_ENQUEUE,
  OUTBOX_PEEK,
  OUTBOX_COMPLETE,
  OUTBOX_PENDING,
  OUTBOX_PENDING_ALL,
  OUTBOX_NODE_IDS,
  EDGE_IDS_AMONG,
  EXISTING_NODE_IDS,
];
