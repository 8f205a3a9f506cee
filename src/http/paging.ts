import { ValidationError } from '../errors';
import type { PageRequest } from '../ports/paging';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

function nonNegativeInteger(name: string, raw: unknown): number | undefined {
  if (raw === undefined) {
    return undefined;
  }
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new ValidationError(`${name} must be a non-negative integer.`, [
      { path: `query.${name}`, message: 'must be a non-negative integer' },
    ]);
  }
  return Number(raw);
}

/**
 * Reads `limit` and `offset` from a query string (docs/http-conventions.md): limit defaults to
 * 50 and values above 100 are clamped; negative or non-integer values are a 400.
 */
export function parsePage(query: Record<string, unknown>, maxLimit = MAX_LIMIT): PageRequest {
  const limit = nonNegativeInteger('limit', query.limit) ?? DEFAULT_LIMIT;
  const offset = nonNegativeInteger('offset', query.offset) ?? 0;
  return { limit: Math.min(limit, maxLimit), offset };
}
