import type { CyType } from '../../../../cypher/types';

/**
 * How each Cypher value is held in SQL (the one convention of the compiler and the
 * renderer):
 *
 * | type                                   | SQL value                                          |
 * | -------------------------------------- | -------------------------------------------------- |
 * | boolean                                | 1 / 0                                              |
 * | integer, float, string                 | itself                                             |
 * | datetime, date                         | text `2026-11-22T20:55:16.196Z`, `2026-11-22`      |
 * | node, relationship                     | its record id                                      |
 * | list, map, properties, any             | JSON text (a node in a list is its id)             |
 * | path                                   | JSON text `[[node ids], [relationship ids]]`       |
 *
 * and null is SQL NULL whatever the type. `any` (a property value, known at run time) is
 * JSON text so that a list property stays a list; comparisons read its scalar with
 * `json_extract`, which is also what the declared property indexes are built on.
 */

/** A compiled expression: its SQL and type, and for a property read, its JSON column and path. */
export interface Compiled {
  sql: string;
  type: CyType;
  /** `json_extract(column, path)` reads the scalar of a property without re-parsing JSON text. */
  property?: { column: string; path: string };
}

/**
 * The columns of a node's own fields (`n.name`, `n.createdAt`...); any other key is a key of
 * its `properties` JSON.
 */
export const NODE_FIELD_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id',
  name: 'name',
  entityType: 'entity_type',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** The columns of a relationship's own fields, as NODE_FIELD_COLUMNS. */
export const EDGE_FIELD_COLUMNS: Readonly<Record<string, string>> = {
  id: 'id',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

const JSON_KINDS = new Set(['list', 'map', 'properties', 'any', 'path']);

/** True when values of this type are JSON text in SQL. */
export function isJsonText(type: CyType): boolean {
  return JSON_KINDS.has(type.kind);
}

/** The SQL scalar of a value (for comparisons, ordering and arithmetic). */
export function scalar(c: Compiled): string {
  if (c.type.kind !== 'any') {
    return c.sql;
  }
  return c.property
    ? `json_extract(${c.property.column}, ${c.property.path})`
    : `(${c.sql} ->> '$')`;
}

/** The JSON type name of an `any` value (`integer`, `real`, `text`, `true`, `array`...). */
export function jsonType(c: Compiled): string {
  return c.property ? `json_type(${c.property.column}, ${c.property.path})` : `json_type(${c.sql})`;
}

/** SQL that makes SQLite's JSON functions embed the value as the right JSON. */
export function jsonElement(c: Compiled): string {
  if (c.type.kind === 'null') {
    return 'NULL';
  }
  if (isJsonText(c.type)) {
    return `json(${c.sql})`;
  }
  if (c.type.kind === 'boolean') {
    return `json(CASE ${c.sql} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END)`;
  }
  return c.sql;
}

/** The value as JSON text (for an `any` that unifies values of several types). */
export function jsonText(c: Compiled): string {
  if (c.type.kind === 'null') {
    return 'NULL';
  }
  if (isJsonText(c.type)) {
    return c.sql;
  }
  if (c.type.kind === 'boolean') {
    return `(CASE ${c.sql} WHEN 1 THEN 'true' WHEN 0 THEN 'false' END)`;
  }
  return `json_quote(${c.sql})`;
}

/** The value in the representation of `target` (CASE branches, coalesce, list items). */
export function convert(c: Compiled, target: CyType): string {
  if (c.type.kind === 'null') {
    return 'NULL';
  }
  if (isJsonText(target)) {
    // json_quote(NULL) is the JSON text 'null', not SQL NULL: a null branch or argument
    // would then be a value (coalesce would pick it, IS NULL would be false).
    return isJsonText(c.type) || c.type.kind === 'boolean'
      ? jsonText(c)
      : `NULLIF(${jsonText(c)}, 'null')`;
  }
  if (c.type.kind === 'any') {
    return scalar(c);
  }
  return c.sql;
}

/** A list element read from `json_each` alias `j`, in the representation of `type`. */
export function elementOfEach(j: string, type: CyType): string {
  if (type.kind === 'any') {
    return `(CASE ${j}.type WHEN 'array' THEN ${j}.value WHEN 'object' THEN ${j}.value WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN NULL ELSE json_quote(${j}.value) END)`;
  }
  return `${j}.value`;
}

/** The element at JSON path `path` (SQL text) of list `list`, in the representation of `type`. */
export function elementAt(list: string, path: string, type: CyType): string {
  if (isJsonText(type)) {
    return `NULLIF(${list} -> ${path}, 'null')`;
  }
  return `(${list} ->> ${path})`;
}
