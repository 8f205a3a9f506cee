import type { GraphEdge, GraphNode } from '../../domain/graph';
import { RESERVED_PROPERTY_KEYS } from '../../domain/properties';
import {
  fromDateTime,
  fromNeo4jProperties,
  toDateTime,
  toInt,
  toNeo4jProperties,
  toNumber,
} from './values';

/**
 * Mapping between the domain's records and what Neo4j stores. A node's own fields sit
 * beside its properties (that is why the domain reserves their names); an edge's type and
 * ends are the relationship's type and end nodes, projected back as `type`, `sourceId`
 * and `targetId`.
 */

function text(map: Record<string, unknown>, key: string): string {
  const value = map[key];
  if (typeof value !== 'string') {
    throw new TypeError(`Stored record lacks its ${key}`);
  }
  return value;
}

/** A node from `properties(n)`. */
export function toNode(stored: Record<string, unknown>): GraphNode {
  return {
    id: text(stored, 'id'),
    entityType: text(stored, 'entityType'),
    name: text(stored, 'name'),
    properties: fromNeo4jProperties(stored, RESERVED_PROPERTY_KEYS.node),
    version: toNumber(stored.version),
    createdAt: fromDateTime(stored.createdAt),
    updatedAt: fromDateTime(stored.updatedAt),
  };
}

/** An edge from `r {.*, type: type(r), sourceId: s.id, targetId: t.id}`. */
export function toEdge(stored: Record<string, unknown>): GraphEdge {
  return {
    id: text(stored, 'id'),
    type: text(stored, 'type'),
    sourceId: text(stored, 'sourceId'),
    targetId: text(stored, 'targetId'),
    properties: fromNeo4jProperties(stored, RESERVED_PROPERTY_KEYS.edge),
    version: toNumber(stored.version),
    createdAt: fromDateTime(stored.createdAt),
    updatedAt: fromDateTime(stored.updatedAt),
  };
}

/** Every property of the stored node, its own fields included (for `SET n = $node`). */
export function nodeProperties(workspaceId: string, node: GraphNode): Record<string, unknown> {
  return {
    ...toNeo4jProperties(node.properties),
    id: node.id,
    workspaceId,
    entityType: node.entityType,
    name: node.name,
    version: toInt(node.version),
    createdAt: toDateTime(node.createdAt),
    updatedAt: toDateTime(node.updatedAt),
  };
}

/** Every property of the stored relationship (its type and ends are structure, not properties). */
export function edgeProperties(workspaceId: string, edge: GraphEdge): Record<string, unknown> {
  return {
    ...toNeo4jProperties(edge.properties),
    id: edge.id,
    workspaceId,
    version: toInt(edge.version),
    createdAt: toDateTime(edge.createdAt),
    updatedAt: toDateTime(edge.updatedAt),
  };
}
