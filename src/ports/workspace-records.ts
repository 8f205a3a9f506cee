import type { Plan, RateLimits, Workspace } from '../domain/workspace';
import type { RecordFields } from './record-fields';

/**
 * The workspace of a stored record, shared by every engine: each engine only reads its
 * fields (`RecordFields`). Its own rate limits are both set or both absent.
 */
export function readWorkspace(r: RecordFields): Workspace {
  const perMinute = r.optionalNumber('limitPerMinute');
  const perDay = r.optionalNumber('limitPerDay');
  const limits: RateLimits | null =
    perMinute !== null && perDay !== null ? { perMinute, perDay } : null;
  return {
    id: r.text('id'),
    name: r.text('name'),
    plan: r.text('plan') as Plan,
    limits,
    createdAt: r.time('createdAt'),
  };
}
