import { PROPERTY_KEY_PATTERN, RESERVED_PROPERTY_KEYS } from '../domain/properties';

/**
 * Property keys an operator declared as frequently filtered (NODE_PROPERTY_INDEXES,
 * EDGE_PROPERTY_INDEXES). Each engine keeps an index for each of them, and compiles
 * conditions on them so that its planner can use it; see docs/filters.md.
 */
export interface PropertyIndexes {
  node: readonly string[];
  edge: readonly string[];
}

export const NO_PROPERTY_INDEXES: PropertyIndexes = { node: [], edge: [] };

/** At most this many keys per record kind: every index costs every write of that kind. */
export const MAX_PROPERTY_INDEXES = 16;

/** Why `keys` cannot be declared as indexed properties of `kind`, or null. */
export function propertyIndexProblem(
  kind: 'node' | 'edge',
  keys: readonly string[],
): string | null {
  if (keys.length > MAX_PROPERTY_INDEXES) {
    return `at most ${MAX_PROPERTY_INDEXES} keys`;
  }
  for (const key of keys) {
    if (!PROPERTY_KEY_PATTERN.test(key)) {
      return `"${key}" is not a property key (letters, digits and _, not a digit first, at most 64)`;
    }
    if (RESERVED_PROPERTY_KEYS[kind].has(key)) {
      return `"${key}" is a field of the record, not a property`;
    }
  }
  return null;
}
