import { ValidationError, type ValidationIssue } from '../errors';
import type { RawFilter } from './validate';

/**
 * The JSON form of a filter tree (REST `where`): `{ "and": [...] }`, `{ "or": [...] }` or a
 * condition `{ "field": "properties.rpm", "op": "gt", "value": 1000 }`. Values keep their
 * JSON types. This only checks the shape; `validateFilter` checks the meaning.
 */
export function rawFilterFromJson(json: unknown, path: string): RawFilter {
  const issues: ValidationIssue[] = [];
  const raw = read(json, path, issues, 0);
  const first = issues[0];
  if (first || !raw) {
    throw new ValidationError(
      `Invalid filter: ${first?.path ?? path}: ${first?.message ?? 'invalid'}`,
      issues,
    );
  }
  return raw;
}

/** Deeper than this the JSON is refused outright (validation allows far less). */
const MAX_JSON_DEPTH = 8;

function read(
  json: unknown,
  path: string,
  issues: ValidationIssue[],
  depth: number,
): RawFilter | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    issues.push({
      path,
      message: 'must be an object: { and: [...] }, { or: [...] } or { field, op, value }',
    });
    return null;
  }
  const keys = Object.keys(json);
  const record = json as Record<string, unknown>;
  for (const group of ['and', 'or'] as const) {
    if (keys.includes(group)) {
      if (keys.length !== 1) {
        issues.push({ path, message: `a group has only its "${group}" list` });
        return null;
      }
      const items = record[group];
      if (!Array.isArray(items)) {
        issues.push({ path: `${path}.${group}`, message: 'must be a list of filters' });
        return null;
      }
      if (depth >= MAX_JSON_DEPTH) {
        issues.push({ path, message: 'groups are nested too deep' });
        return null;
      }
      const read_ = items.map((item: unknown, i) =>
        read(item, `${path}.${group}.${i}`, issues, depth + 1),
      );
      return read_.every((r) => r !== null)
        ? { group, items: read_, path: `${path}.${group}` }
        : null;
    }
  }
  const unknown = keys.filter((k) => k !== 'field' && k !== 'op' && k !== 'value');
  if (unknown.length > 0) {
    issues.push(...unknown.map((k) => ({ path: `${path}.${k}`, message: 'unknown field' })));
    return null;
  }
  const { field, op } = record;
  if (typeof field !== 'string' || typeof op !== 'string' || !('value' in record)) {
    issues.push({ path, message: 'a condition needs a string field, a string op and a value' });
    return null;
  }
  return { field, op, value: { source: 'json', value: record.value }, path };
}
