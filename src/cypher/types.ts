/**
 * Static types of Cypher values, as the analyzer infers them. Cypher itself is dynamically
 * typed; the engines need the types anyway: the SQLite compiler chooses each value's SQL
 * representation from them (a node is its id, a list is JSON text...), and both renderers
 * turn result cells into the API's JSON with them (a node cell becomes the node record).
 *
 * `any` is a value only known at run time: a property value (a string, number, boolean or
 * a list of one of those) or something built from several kinds.
 */
export type CyType =
  | { kind: 'any' }
  | { kind: 'null' }
  | { kind: 'boolean' }
  | { kind: 'integer' }
  | { kind: 'float' }
  /** An integer or a float. */
  | { kind: 'number' }
  | { kind: 'string' }
  | { kind: 'datetime' }
  | { kind: 'date' }
  | { kind: 'duration' }
  | { kind: 'node' }
  | { kind: 'relationship' }
  | { kind: 'path' }
  | { kind: 'list'; of: CyType }
  /** A map; `fields` null when its keys are not known statically. */
  | { kind: 'map'; fields: Readonly<Record<string, CyType>> | null }
  /** `properties(x)`: the API's `properties` of a node or relationship. */
  | { kind: 'properties' };

export type TypeKind = CyType['kind'];

export const ANY: CyType = { kind: 'any' };
export const NULL: CyType = { kind: 'null' };
export const BOOLEAN: CyType = { kind: 'boolean' };
export const INTEGER: CyType = { kind: 'integer' };
export const FLOAT: CyType = { kind: 'float' };
export const NUMBER: CyType = { kind: 'number' };
export const STRING: CyType = { kind: 'string' };
export const DATETIME: CyType = { kind: 'datetime' };
export const DATE: CyType = { kind: 'date' };
export const DURATION: CyType = { kind: 'duration' };
export const NODE: CyType = { kind: 'node' };
export const RELATIONSHIP: CyType = { kind: 'relationship' };
export const PATH: CyType = { kind: 'path' };
export const PROPERTIES: CyType = { kind: 'properties' };

export const listOf = (of: CyType): CyType => ({ kind: 'list', of });

/** A map type with known fields. */
export const mapOf = (fields: Record<string, CyType>): CyType => ({ kind: 'map', fields });

export const ANY_MAP: CyType = { kind: 'map', fields: null };

export function isNumeric(type: CyType): boolean {
  return type.kind === 'integer' || type.kind === 'float' || type.kind === 'number';
}

export function isTemporal(type: CyType): boolean {
  return type.kind === 'datetime' || type.kind === 'date' || type.kind === 'duration';
}

/** Graph values: entities, relationships and paths (and lists of them, see `holdsGraph`). */
export function isGraphValue(type: CyType): boolean {
  return type.kind === 'node' || type.kind === 'relationship' || type.kind === 'path';
}

/** True when a value of this type is, or contains, a node, relationship or path. */
export function holdsGraph(type: CyType): boolean {
  switch (type.kind) {
    case 'node':
    case 'relationship':
    case 'path':
      return true;
    case 'list':
      return holdsGraph(type.of);
    case 'map':
      return type.fields !== null && Object.values(type.fields).some(holdsGraph);
    default:
      return false;
  }
}

/** The element type of a list type; `any` for anything else (a value known at run time). */
export function elementOf(type: CyType): CyType {
  return type.kind === 'list' ? type.of : ANY;
}

/**
 * The type of a value that is one of `a` or `b` (CASE branches, coalesce, list items).
 * `null` joins anything; integer and float make number; different kinds make `any`.
 */
export function unify(a: CyType, b: CyType): CyType {
  if (a.kind === 'null') {
    return b;
  }
  if (b.kind === 'null') {
    return a;
  }
  if (isNumeric(a) && isNumeric(b)) {
    return a.kind === b.kind ? a : NUMBER;
  }
  if (a.kind === 'list' && b.kind === 'list') {
    return listOf(unify(a.of, b.of));
  }
  if (a.kind === 'map' && b.kind === 'map') {
    if (a.fields && b.fields) {
      const keys = new Set([...Object.keys(a.fields), ...Object.keys(b.fields)]);
      const fields: Record<string, CyType> = Object.create(null) as Record<string, CyType>;
      for (const key of keys) {
        fields[key] = unify(a.fields[key] ?? NULL, b.fields[key] ?? NULL);
      }
      return mapOf(fields);
    }
    return ANY_MAP;
  }
  if (a.kind === b.kind) {
    return a;
  }
  return ANY;
}

/** `text` after its indefinite article: "an integer", "a string". */
export function withArticle(text: string): string {
  return `${/^[aeiou]/.test(text) ? 'an' : 'a'} ${text}`;
}

/** How a type reads in messages. */
export function describeType(type: CyType): string {
  switch (type.kind) {
    case 'list':
      return `list of ${describeType(type.of)}`;
    case 'relationship':
      return 'relationship';
    case 'any':
      return 'value';
    default:
      return type.kind;
  }
}
