/**
 * The filter model of node and edge lists: a tree of AND / OR groups whose leaves are
 * conditions `{ field, op, value }`. REST (bracket parameters and `where`), GraphQL (`where`)
 * and the legacy exact-match parameters all end up in this one shape; each engine's adapter
 * compiles it into its own query language with every value, and every property key that
 * has no declared index, as a parameter. Pure types and constants: no I/O.
 */

/** Every operator a condition may use. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'nin',
  'contains',
  'startsWith',
  'exists',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that order values (strings, numbers, instants). */
export type RangeOperator = 'gt' | 'gte' | 'lt' | 'lte';

/** How SQL and Cypher alike spell the operators that compare two values. */
export const COMPARISON_SYMBOLS: Readonly<Record<'eq' | 'ne' | RangeOperator, string>> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** A single value of a condition, after validation. */
export type FilterScalar = string | number | boolean;

/**
 * How a condition's value compares:
 * - `string`, `number`, `boolean`: a property value (its stored type must be the same);
 * - `text`: a string field of the record (id, name, entityType, type, sourceId, targetId);
 * - `instant`: createdAt / updatedAt (the value is normalised to `toISOString()` form);
 * - `integer`: version.
 */
export type ValueKind = 'string' | 'number' | 'boolean' | 'text' | 'instant' | 'integer';

/** The record's own fields a node condition can name. */
export const NODE_OWN_FIELDS = [
  'id',
  'name',
  'entityType',
  'createdAt',
  'updatedAt',
  'version',
] as const;
/** The record's own fields an edge condition can name (`nodeId` is either end). */
export const EDGE_OWN_FIELDS = [
  'id',
  'type',
  'sourceId',
  'targetId',
  'nodeId',
  'createdAt',
  'updatedAt',
  'version',
] as const;
export type NodeOwnField = (typeof NODE_OWN_FIELDS)[number];
export type EdgeOwnField = (typeof EDGE_OWN_FIELDS)[number];

/** Own fields the compilers see (`nodeId` is rewritten into sourceId/targetId first). */
export type OwnField = NodeOwnField | Exclude<EdgeOwnField, 'nodeId'>;

/** What a condition is about: one of the record's own fields, or one property. */
export type FieldRef = { kind: 'own'; name: OwnField } | { kind: 'property'; key: string };

/** One validated condition. `value` is a list for `in`/`nin`, a boolean for `exists`. */
export interface Condition {
  field: FieldRef;
  op: FilterOperator;
  value: FilterScalar | FilterScalar[];
  kind: ValueKind;
}

/** A validated filter: a condition or a group of filters. Groups are never empty. */
export type Filter = Condition | { and: Filter[] } | { or: Filter[] };

/** The kind of record a filter is about. */
export type RecordKind = 'node' | 'edge';

/** Bounds of one filter, so no request can make a statement of unbounded size. */
export const FILTER_LIMITS = {
  /** Conditions in one request, every source (brackets, `where`, legacy parameters) together. */
  maxConditions: 20,
  /** Groups nested inside each other (`{ or: [{ and: [ ... ] }] }` is two). */
  maxDepth: 3,
  /** Values of one `in` / `nin` list. */
  maxListValues: 100,
  /** Characters of one string value. */
  maxStringLength: 1000,
} as const;

/** True when `filter` is a single condition rather than a group. */
export function isCondition(filter: Filter): filter is Condition {
  return 'op' in filter;
}

/** The AND of `filters`, flattening nothing away: undefined when there is none. */
export function allOf(filters: readonly Filter[]): Filter | undefined {
  if (filters.length === 0) {
    return undefined;
  }
  return filters.length === 1 ? filters[0] : { and: [...filters] };
}

/** Every property key a filter names (for index selection and parameter naming). */
export function propertyKeysOf(filter: Filter | undefined): string[] {
  const keys = new Set<string>();
  const visit = (f: Filter): void => {
    if (isCondition(f)) {
      if (f.field.kind === 'property') {
        keys.add(f.field.key);
      }
      return;
    }
    for (const item of 'and' in f ? f.and : f.or) {
      visit(item);
    }
  };
  if (filter) {
    visit(filter);
  }
  return [...keys];
}
