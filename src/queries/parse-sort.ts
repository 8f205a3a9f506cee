import type { SortKey } from '../domain/graph';
import { ValidationError } from '../errors';

/**
 * Parses `sort` (comma-separated fields, `-` prefix for descending) against the allowed
 * fields. Anything else is a 400: the value never reaches a query unchecked.
 */
export function parseSort<F extends string>(
  raw: string | undefined,
  allowed: readonly F[],
): SortKey<F>[] {
  if (raw === undefined || raw === '') {
    return [];
  }
  const keys: SortKey<F>[] = [];
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    // As the API describes it (openapi.yaml's pattern): no white space around a field.
    const token = part;
    const descending = token.startsWith('-');
    const field = descending ? token.slice(1) : token;
    if (!(allowed as readonly string[]).includes(field)) {
      throw new ValidationError(
        `Cannot sort by "${token}". Allowed fields: ${allowed.join(', ')} (prefix - for descending).`,
        [{ path: 'query.sort', message: `unknown sort field "${token}"` }],
      );
    }
    if (seen.has(field)) {
      throw new ValidationError(`Sort field "${field}" is given twice.`, [
        { path: 'query.sort', message: `duplicate sort field "${field}"` },
      ]);
    }
    seen.add(field);
    keys.push({ field: field as F, direction: descending ? 'desc' : 'asc' });
  }
  return keys;
}
