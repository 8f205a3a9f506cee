import type { CyType } from '../../../../cypher/types';

/**
 * Values of queries answered from the in-memory graph (memory-query.ts), and how they
 * become the SQL representation (representation.ts) that the renderer reads, so that both
 * ways of answering render through the same code: a node or relationship is its index in
 * the graph while the query runs, a boolean a JavaScript boolean, a list an array.
 */
export type MemoryValue = string | number | boolean | null | MemoryValue[];

/** Ids of the graph's nodes and relationships, by index. */
export interface RecordIds {
  readonly nodeIds: readonly string[];
  readonly edgeIds: readonly string[];
}

/**
 * Compares two strings as SQLite's BINARY collation does (the bytes of their UTF-8):
 * JavaScript compares UTF-16 code units, which orders characters above U+FFFF (surrogate
 * pairs) before U+E000..U+FFFF; UTF-8 orders them after.
 */
export function compareSqlText(a: string, b: string): number {
  if (a === b) {
    return 0;
  }
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      return x >= 0xd800 && y >= 0xd800 ? utf8Weight(x) - utf8Weight(y) : x - y;
    }
  }
  return a.length - b.length;
}

/** Surrogates (characters above U+FFFF) after U+E000..U+FFFF, as in UTF-8. */
function utf8Weight(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** A value in the SQL representation of `type` (representation.ts). */
export function toSqlValue(value: MemoryValue, type: CyType, ids: RecordIds): unknown {
  if (value === null) {
    return null;
  }
  switch (type.kind) {
    case 'boolean':
      return value ? 1 : 0;
    case 'list':
      return JSON.stringify(toJson(value, type, ids));
    default:
      return toJson(value, type, ids);
  }
}

/** A value as JSON: a node or relationship is its id (in a list, as at the top). */
function toJson(value: MemoryValue, type: CyType, ids: RecordIds): unknown {
  if (value === null) {
    return null;
  }
  switch (type.kind) {
    case 'node':
      return ids.nodeIds[value as number];
    case 'relationship':
      return ids.edgeIds[value as number];
    case 'list':
      return (value as MemoryValue[]).map((v) => toJson(v, type.of, ids));
    default:
      return value;
  }
}

/** A key that tells values apart as Cypher's DISTINCT and grouping do. */
export function distinctKey(value: MemoryValue): unknown {
  return typeof value === 'object' && value !== null ? `[${JSON.stringify(value)}` : value;
}
