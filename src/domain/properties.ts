import { z } from 'zod';
import type { Properties, PropertyValue } from './graph';

/** Entity types and relationship types: also Neo4j labels and types, so kept identifier-safe. */
export const TYPE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** Property keys: identifier-safe so they are natural Neo4j property names. */
export const PROPERTY_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Client-supplied record ids: URL-safe, at most 128 characters. */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/**
 * Keys that hold the record's own fields (in Neo4j they sit beside the properties) and so
 * cannot be properties. Edges also reserve their type and ends.
 */
const NODE_RESERVED = [
  'id',
  'workspaceId',
  'version',
  'createdAt',
  'updatedAt',
  'entityType',
  'name',
];
export const RESERVED_PROPERTY_KEYS: Readonly<Record<'node' | 'edge', ReadonlySet<string>>> = {
  node: new Set(NODE_RESERVED),
  edge: new Set([...NODE_RESERVED, 'type', 'sourceId', 'targetId']),
};
export const MAX_PROPERTIES_BYTES = 64 * 1024;

export const typeName = (what: string) =>
  z
    .string({ message: `${what} must be a string` })
    .regex(
      TYPE_NAME_PATTERN,
      `${what} must start with a letter and contain only letters, digits and _ (at most 64)`,
    );

export const recordId = z
  .string({ message: 'must be a string' })
  .regex(RECORD_ID_PATTERN, 'ids are 1-128 characters: letters, digits, and . _ : - (not first)');

/** Why `value` is not a valid property value, or null when it is. */
function propertyValueProblem(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return null;
    case 'number':
      return Number.isFinite(value) ? null : 'numbers must be finite';
    case 'object': {
      if (value === null) {
        return 'null is not a property value (in UPDATE_NODE, null removes the key)';
      }
      if (!Array.isArray(value)) {
        return 'nested objects are not allowed: values are strings, numbers, booleans or arrays of one of those';
      }
      const items: unknown[] = value;
      if (items.some((item) => item === null)) {
        return 'arrays must not contain null';
      }
      const kinds = new Set(items.map((item) => typeof item));
      if (kinds.size > 1) {
        return 'arrays must hold values of one type (all strings, all numbers or all booleans)';
      }
      const [kind] = kinds;
      if (kind !== undefined && kind !== 'string' && kind !== 'number' && kind !== 'boolean') {
        return 'array items must be strings, numbers or booleans';
      }
      if (kind === 'number' && items.some((item) => !Number.isFinite(item))) {
        return 'numbers must be finite';
      }
      return null;
    }
    default:
      return 'values must be strings, numbers, booleans or arrays of one of those';
  }
}

/** Reports every bad key and value of `record`; true when there was none. */
function checkKeys(
  record: Record<string, unknown>,
  ctx: z.RefinementCtx,
  kind: 'node' | 'edge',
  allowNull: boolean,
): boolean {
  const reserved = RESERVED_PROPERTY_KEYS[kind];
  let valid = true;
  const problemAt = (key: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [key], message });
    valid = false;
  };
  for (const [key, value] of Object.entries(record)) {
    if (!PROPERTY_KEY_PATTERN.test(key)) {
      problemAt(
        key,
        'property keys start with a letter or _ and contain only letters, digits and _ (at most 64)',
      );
      continue;
    }
    if (reserved.has(key)) {
      problemAt(key, `"${key}" is a reserved key`);
      continue;
    }
    if (allowNull && value === null) {
      continue;
    }
    const problem = propertyValueProblem(value);
    if (problem) {
      problemAt(key, problem);
    }
  }
  return valid;
}

/** Serialised size of a property map, as stored. */
export function propertiesBytes(properties: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(properties), 'utf8');
}

const sizeMessage = `properties must be at most 64 KB (${MAX_PROPERTIES_BYTES} bytes) as JSON`;

/**
 * Property maps are built without prototype semantics, so that every key the key pattern
 * allows is kept as data: `__proto__` included. JSON.parse makes `"__proto__"` an own
 * property, and so do spreading and Object.fromEntries; but assigning `map[key] = value`
 * with that key would set the map's prototype instead (and drop a string value), as zod's
 * record type does. Properties are therefore copied with Object.fromEntries and set with
 * `setProperty`, never by assignment.
 */
export function setProperty<V>(map: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

/** A plain object (from JSON.parse, or GraphQL's prototype-less maps), not an array. */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The map's own keys and values in a new plain object (no key lost, see `setProperty`). */
const copyOf = <V>(record: Record<string, V>): Record<string, V> =>
  Object.fromEntries(Object.entries(record));

const propertyMap = z.custom<Record<string, unknown>>(isRecord, {
  message: 'properties must be a JSON object',
});

/** A full property map (CREATE_NODE, CREATE_EDGE). */
export const propertiesSchema = (kind: 'node' | 'edge') =>
  propertyMap
    .superRefine((record, ctx) => {
      // Sized only once every value is known to be flat: serialising an unchecked value
      // (an array nested thousands of levels deep) could overflow the stack.
      if (checkKeys(record, ctx, kind, false) && propertiesBytes(record) > MAX_PROPERTIES_BYTES) {
        ctx.addIssue({ code: 'custom', message: sizeMessage });
      }
    })
    .transform((record) => copyOf(record) as Properties);

/** A property patch (UPDATE_NODE): like a map, but null removes the key. */
export const propertiesPatchSchema = propertyMap
  .superRefine((record, ctx) => {
    checkKeys(record, ctx, 'node', true);
  })
  .transform((record) => copyOf(record) as Record<string, PropertyValue | null>);

/** Applies a patch: keys with null are removed, others set. */
export function mergeProperties(
  current: Properties,
  patch: Record<string, PropertyValue | null>,
): Properties {
  const merged: Properties = copyOf(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
    } else {
      setProperty(merged, key, value);
    }
  }
  return merged;
}

export { sizeMessage as PROPERTIES_SIZE_MESSAGE };
