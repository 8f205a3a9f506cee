/**
 * The property-graph model (docs/ontology.md). Property values are what Neo4j stores
 * natively: scalars, or homogeneous arrays of scalars.
 */
export type PropertyScalar = string | number | boolean;
export type PropertyValue = PropertyScalar | string[] | number[] | boolean[];
export type Properties = Record<string, PropertyValue>;

/** An entity. `version` starts at 1 and increases on every change. */
export interface GraphNode {
  id: string;
  entityType: string;
  name: string;
  properties: Properties;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A relationship between two nodes of the same workspace. */
export interface GraphEdge {
  id: string;
  type: string;
  sourceId: string;
  targetId: string;
  properties: Properties;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Nodes and the edges among them, as returned by traversals. */
export interface Subgraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export type RecordKind = 'node' | 'edge';

/** Sortable fields per list (docs/ontology.md); anything else is rejected before reaching a store. */
export const NODE_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'entityType'] as const;
export const EDGE_SORT_FIELDS = ['createdAt', 'updatedAt', 'type'] as const;
export type NodeSortField = (typeof NODE_SORT_FIELDS)[number];
export type EdgeSortField = (typeof EDGE_SORT_FIELDS)[number];

/** One sort key; lists always end with `id` as the tie-breaker (see tieBreakDirection). */
export interface SortKey<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * The direction of the `id` that ends every list order: that of the last sort key (each
 * field counted once, at its first occurrence), ascending without one. A list sorted one
 * way throughout reads its index one way, with no sort of the records that share a value.
 */
export function tieBreakDirection(terms: readonly { direction: 'asc' | 'desc' }[]): 'asc' | 'desc' {
  return terms.at(-1)?.direction ?? 'asc';
}

export type Direction = 'out' | 'in' | 'both';
