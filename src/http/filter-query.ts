import { ValidationError, type ValidationIssue } from '../errors';
import { MAX_CURSOR_LENGTH } from '../filters/cursor';
import type { RecordKind, Filter } from '../filters/model';
import { validateFilter, type RawFilter } from '../filters/validate';
import { rawFilterFromJson } from '../filters/where-json';
import type { ListPaging } from '../queries/list-paging';
import { parsePage } from './paging';

/**
 * The filter and paging parameters of the node and edge lists (docs/filters.md):
 * - `filter[<field>]=<value>` (eq) and `filter[<field>][<op>]=<value>`, ANDed; values are
 *   query-string text whose type is inferred per field (a JSON-quoted `"..."` is a string);
 * - `where=<JSON tree>` for what brackets cannot say (OR groups);
 * - `cursor`, `count=false`, beside `limit` and `offset`.
 * Everything else in the query is returned for the route's own schema to check.
 */

const BRACKET = /^filter\[([^[\]]+)\](?:\[([^[\]]+)\])?$/;
/** A `where` longer than this is refused before parsing. */
const MAX_WHERE_LENGTH = 8192;

export interface ListQuery {
  /** The validated filter of the brackets and `where` (undefined when neither is given). */
  where: Filter | undefined;
  paging: ListPaging;
  /** The remaining parameters (legacy shorthands, sort, ...), unchecked. */
  rest: Record<string, unknown>;
}

function single(issues: ValidationIssue[], path: string, value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value;
  }
  issues.push({ path, message: 'must be given once' });
  return undefined;
}

/**
 * Reads the filter, cursor and count parameters of a list query; 400 naming each problem.
 * `shorthands` names the route's exact-match parameters, which count towards the
 * condition limit.
 */
export function parseListQuery(
  kind: RecordKind,
  query: Record<string, unknown>,
  shorthands: readonly string[],
): ListQuery {
  const issues: ValidationIssue[] = [];
  const raws: RawFilter[] = [];
  // No prototype: a parameter named `__proto__` must stay a parameter (an unknown one, a
  // 400), not vanish into the object's prototype.
  const rest = Object.create(null) as Record<string, unknown>;
  let cursor: string | undefined;
  let count = true;
  for (const [key, value] of Object.entries(query)) {
    const path = `query.${key}`;
    const bracket = BRACKET.exec(key);
    if (bracket) {
      const text = single(issues, path, value);
      if (text !== undefined) {
        const [, field = '', op = 'eq'] = bracket;
        raws.push({ field, op, value: { source: 'text', value: text }, path });
      }
    } else if (key.startsWith('filter')) {
      issues.push({
        path,
        message: 'filter parameters are filter[<field>] or filter[<field>][<op>]',
      });
    } else if (key === 'where') {
      const text = single(issues, path, value);
      if (text !== undefined) {
        raws.push(...whereOf(text, path, issues));
      }
    } else if (key === 'cursor') {
      cursor = single(issues, path, value);
      if (cursor !== undefined && (cursor === '' || cursor.length > MAX_CURSOR_LENGTH)) {
        issues.push({ path, message: `must be 1 to ${MAX_CURSOR_LENGTH} characters` });
      }
    } else if (key === 'count') {
      const text = single(issues, path, value);
      if (text !== 'true' && text !== 'false') {
        issues.push({ path, message: 'must be true or false' });
      }
      count = text !== 'false';
    } else {
      rest[key] = value;
    }
  }
  const first = issues[0];
  if (first) {
    throw new ValidationError(`Invalid request query: ${first.path}: ${first.message}`, issues);
  }
  const where = validateFilter(
    kind,
    raws,
    shorthands.filter((name) => rest[name] !== undefined).length,
  );
  const page = parsePage(rest);
  delete rest.limit;
  delete rest.offset;
  return { where, paging: { ...page, cursor, count }, rest };
}

function whereOf(text: string, path: string, issues: ValidationIssue[]): RawFilter[] {
  if (text.length > MAX_WHERE_LENGTH) {
    issues.push({ path, message: `must be at most ${MAX_WHERE_LENGTH} characters` });
    return [];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    issues.push({ path, message: 'must be valid JSON' });
    return [];
  }
  return [rawFilterFromJson(json, path)];
}
