import type { Database } from 'better-sqlite3';
import type { GraphEdge, GraphNode, Properties } from '../../domain/graph';
import { prepareCached } from './statement-cache';

/** A `graph_nodes` row as better-sqlite3 returns it. */
export interface NodeRow {
  workspace_id: string;
  id: string;
  entity_type: string;
  name: string;
  properties: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A `graph_edges` row as better-sqlite3 returns it. */
export interface EdgeRow {
  workspace_id: string;
  id: string;
  type: string;
  source_id: string;
  target_id: string;
  properties: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Named parameters of the node insert and replace statements. */
export interface NodeParams {
  workspaceId: string;
  id: string;
  entityType: string;
  name: string;
  properties: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Named parameters of the edge insert statement. */
export interface EdgeParams {
  workspaceId: string;
  id: string;
  type: string;
  sourceId: string;
  targetId: string;
  properties: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Column list shared by every node read, so rows always match `NodeRow`. */
export const NODE_COLUMNS =
  'workspace_id, id, entity_type, name, properties, version, created_at, updated_at';

/** Column list shared by every edge read, so rows always match `EdgeRow`. */
export const EDGE_COLUMNS =
  'workspace_id, id, type, source_id, target_id, properties, version, created_at, updated_at';

/** One node by id: parameters (workspaceId, id). */
export const NODE_BY_ID_SQL = `SELECT ${NODE_COLUMNS} FROM graph_nodes WHERE workspace_id = ? AND id = ?`;

/** One edge by id: parameters (workspaceId, id). */
export const EDGE_BY_ID_SQL = `SELECT ${EDGE_COLUMNS} FROM graph_edges WHERE workspace_id = ? AND id = ?`;

/** The nodes of a set of ids, in no order: parameters (workspaceId, JSON array of ids). */
const NODES_BY_IDS_SQL = `SELECT ${NODE_COLUMNS} FROM graph_nodes
  WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))`;

/** The edges of a set of ids, in no order: parameters (workspaceId, JSON array of ids). */
const EDGES_BY_IDS_SQL = `SELECT ${EDGE_COLUMNS} FROM graph_edges
  WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))`;

/** The nodes of `ids`, keyed by id (ids not found are absent). */
export function nodesByIds(
  db: Database,
  workspaceId: string,
  ids: Iterable<string>,
): Map<string, GraphNode> {
  return readByIds(db, NODES_BY_IDS_SQL, workspaceId, ids, toNode);
}

/** The edges of `ids`, keyed by id (ids not found are absent). */
export function edgesByIds(
  db: Database,
  workspaceId: string,
  ids: Iterable<string>,
): Map<string, GraphEdge> {
  return readByIds(db, EDGES_BY_IDS_SQL, workspaceId, ids, toEdge);
}

/**
 * The records of `ids` read with `sql` (its statement prepared once per connection),
 * mapped and keyed by id; no statement and no query when there are no ids.
 */
function readByIds<Row extends { id: string }, Rec>(
  db: Database,
  sql: string,
  workspaceId: string,
  ids: Iterable<string>,
  map: (row: Row) => Rec,
): Map<string, Rec> {
  const list = [...ids];
  if (list.length === 0) {
    return new Map();
  }
  const statement = prepareCached<[string, string], Row>(db, sql);
  return new Map(statement.all(workspaceId, JSON.stringify(list)).map((row) => [row.id, map(row)]));
}

/** Maps a stored node row to the domain record. */
export function toNode(row: NodeRow): GraphNode {
  return {
    id: row.id,
    entityType: row.entity_type,
    name: row.name,
    properties: JSON.parse(row.properties) as Properties,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Maps a stored edge row to the domain record. */
export function toEdge(row: EdgeRow): GraphEdge {
  return {
    id: row.id,
    type: row.type,
    sourceId: row.source_id,
    targetId: row.target_id,
    properties: JSON.parse(row.properties) as Properties,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Statement parameters for `node` in `workspaceId`. */
export function nodeParams(workspaceId: string, node: GraphNode): NodeParams {
  return {
    workspaceId,
    id: node.id,
    entityType: node.entityType,
    name: node.name,
    properties: JSON.stringify(node.properties),
    version: node.version,
    createdAt: node.createdAt,
    updatedAt: node.updatedAt,
  };
}

/** Statement parameters for `edge` in `workspaceId`. */
export function edgeParams(workspaceId: string, edge: GraphEdge): EdgeParams {
  return {
    workspaceId,
    id: edge.id,
    type: edge.type,
    sourceId: edge.sourceId,
    targetId: edge.targetId,
    properties: JSON.stringify(edge.properties),
    version: edge.version,
    createdAt: edge.createdAt,
    updatedAt: edge.updatedAt,
  };
}
