import type { EdgeFilter, NodeFilter } from '../ports/graph-store';
import { allOf, type Condition, type Filter, type OwnField } from './model';

const exact = (name: OwnField, value: string): Condition => ({
  field: { kind: 'own', name },
  op: 'eq',
  value,
  kind: 'text',
});

/**
 * A node list filter as one tree: the exact-match shorthands (`entityType`, `name`) become
 * `eq` conditions ANDed with `where`, so the adapters compile one model only.
 */
export function nodeFilterTree(filter: NodeFilter): Filter | undefined {
  const parts: Filter[] = [];
  if (filter.entityType !== undefined) {
    parts.push(exact('entityType', filter.entityType));
  }
  if (filter.name !== undefined) {
    parts.push(exact('name', filter.name));
  }
  if (filter.where) {
    parts.push(filter.where);
  }
  return allOf(parts);
}

/** An edge list filter as one tree; `nodeId` (either end) becomes an OR of both ends. */
export function edgeFilterTree(filter: EdgeFilter): Filter | undefined {
  const parts: Filter[] = [];
  if (filter.type !== undefined) {
    parts.push(exact('type', filter.type));
  }
  if (filter.sourceId !== undefined) {
    parts.push(exact('sourceId', filter.sourceId));
  }
  if (filter.targetId !== undefined) {
    parts.push(exact('targetId', filter.targetId));
  }
  if (filter.nodeId !== undefined) {
    parts.push({ or: [exact('sourceId', filter.nodeId), exact('targetId', filter.nodeId)] });
  }
  if (filter.where) {
    parts.push(filter.where);
  }
  return allOf(parts);
}
