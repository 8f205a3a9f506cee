import { z } from 'zod';
import {
  AGGREGATIONS,
  bucketCount,
  DEFAULT_RAW_LIMIT,
  DEFAULT_WINDOW_MS,
  MAX_BATCHES_PER_REQUEST,
  MAX_BUCKETS,
  MAX_POINTS_PER_REQUEST,
  MAX_QUERY_TIME_MS,
  MAX_RAW_LIMIT,
  MAX_SOURCES_PER_QUERY,
  parseInterval,
  parseTimestamp,
  type Aggregation,
} from '../domain/live-data';
import { ValidationError, type ValidationIssue } from '../errors';
import type { IngestBatch, LiveQuery } from './live-data-service';
import { validatePoints } from './validate-points';

/**
 * Request inputs of the live data routes: zod for the small envelopes, a hand-written
 * validator for the points themselves (see `validatePoints`). Kept out of the route module
 * so another transport (the GraphQL mirror) applies the same rules.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** Body of POST /api/live-data/sources, parsed into the service's `NewSource`. */
export const createSourceBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
    unit: optionalText(32),
    description: optionalText(2000),
    entityId: z
      .string()
      .min(1)
      .max(128)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .strict();

const sourceId = z.string().min(1, 'must not be empty').max(128, 'at most 128 characters');
const pointArray = z
  .array(z.unknown(), { message: 'must be an array of points' })
  .max(MAX_POINTS_PER_REQUEST, `at most ${MAX_POINTS_PER_REQUEST} points per request`);

const singleIngest = z.object({ sourceId, points: pointArray }).strict();
const batchIngest = z
  .object({
    batches: z
      .array(z.object({ sourceId, points: pointArray }).strict(), {
        message: 'must be an array of { sourceId, points }',
      })
      .min(1, 'at least one batch is required')
      .max(MAX_BATCHES_PER_REQUEST, `at most ${MAX_BATCHES_PER_REQUEST} batches per request`),
  })
  .strict();

export type IngestBody = z.infer<typeof singleIngest> | z.infer<typeof batchIngest>;

/**
 * Schema of a POST /api/live-data/ingest body: `{ sourceId, points }` for one source, or
 * `{ batches: [{ sourceId, points }] }` across sources. Chosen by the presence of `batches`,
 * so a mistake is reported against the form the client meant (a union would report both).
 */
export function ingestBodySchema(body: unknown): z.ZodType<IngestBody> {
  return typeof body === 'object' && body !== null && 'batches' in body
    ? batchIngest
    : singleIngest;
}

/**
 * Turns a parsed ingest body into validated batches, or throws a 400 listing the bad points
 * (each issue's path names the point's index). Nothing is written before this returns.
 */
export function toIngestBatches(body: IngestBody, nowMs: number): IngestBatch[] {
  const raw =
    'batches' in body
      ? body.batches.map((b, i) => ({ ...b, path: `body.batches.${i}.points` }))
      : [{ sourceId: body.sourceId, points: body.points, path: 'body.points' }];
  const total = raw.reduce((n, b) => n + b.points.length, 0);
  if (total > MAX_POINTS_PER_REQUEST) {
    throw new ValidationError(
      `A request may carry at most ${MAX_POINTS_PER_REQUEST} points; this one has ${total}.`,
      [{ path: 'body.batches', message: `at most ${MAX_POINTS_PER_REQUEST} points in all` }],
    );
  }
  const issues: ValidationIssue[] = [];
  const batches = raw.map((b) => ({
    sourceId: b.sourceId,
    points: validatePoints(b.points, b.path, nowMs, issues),
  }));
  const first = issues[0];
  if (first) {
    const where = first.path.replace(/^body\./, '').replace(/\.(\d+)/g, '[$1]');
    throw new ValidationError(
      `Invalid point: ${where} ${first.message}. Nothing was written.`,
      issues,
    );
  }
  return batches;
}

/** Query string of GET /api/live-data/query, as strings; see `toLiveQuery`. */
export const queryParams = z
  .object({
    sourceId: z.union([z.string(), z.array(z.string())], { message: 'is required' }),
    from: z.string().optional(),
    to: z.string().optional(),
    aggregation: z
      .enum(AGGREGATIONS, { message: `must be one of ${AGGREGATIONS.join(', ')}` })
      .default('raw'),
    interval: z.string().optional(),
    limit: z.string().optional(),
    order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).optional(),
  })
  .strict();

/**
 * Resolves the query parameters (docs/live-data.md): the window
 * [from, to) defaults to the hour before now; aggregations need an `interval` that yields
 * at most 10,000 buckets; `limit` (raw only) defaults to 1,000 and is clamped to 10,000.
 */
export function toLiveQuery(q: z.infer<typeof queryParams>, nowMs: number): LiveQuery {
  const issues: ValidationIssue[] = [];
  const sourceIds = (Array.isArray(q.sourceId) ? q.sourceId : [q.sourceId])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim());
  if (sourceIds.length === 0 || sourceIds.some((s) => s === '' || s.length > 128)) {
    issues.push({ path: 'query.sourceId', message: 'must list source ids separated by commas' });
  } else if (sourceIds.length > MAX_SOURCES_PER_QUERY) {
    issues.push({ path: 'query.sourceId', message: `at most ${MAX_SOURCES_PER_QUERY} sources` });
  } else if (new Set(sourceIds).size !== sourceIds.length) {
    issues.push({ path: 'query.sourceId', message: 'lists a source more than once' });
  }

  const to = time(q.to, 'to', nowMs, issues);
  const from = time(q.from, 'from', Math.max(0, to - DEFAULT_WINDOW_MS), issues);
  if (issues.every((i) => i.path !== 'query.from' && i.path !== 'query.to') && from >= to) {
    issues.push({ path: 'query.from', message: 'must be before to' });
  }

  const aggregation: Aggregation = q.aggregation;
  let intervalMs: number | null = null;
  let limit = DEFAULT_RAW_LIMIT;
  if (aggregation === 'raw') {
    if (q.interval !== undefined) {
      issues.push({ path: 'query.interval', message: 'applies to aggregations only, not raw' });
    }
    if (q.limit !== undefined) {
      if (!/^\d{1,9}$/.test(q.limit) || Number(q.limit) < 1) {
        issues.push({ path: 'query.limit', message: 'must be a positive integer' });
      } else {
        limit = Math.min(Number(q.limit), MAX_RAW_LIMIT);
      }
    }
  } else {
    for (const name of ['limit', 'order'] as const) {
      if (q[name] !== undefined) {
        issues.push({ path: `query.${name}`, message: 'applies to raw queries only' });
      }
    }
    if (q.interval === undefined) {
      issues.push({
        path: 'query.interval',
        message: `is required for aggregation ${aggregation}`,
      });
    } else {
      const parsed = parseInterval(q.interval);
      if (!parsed.ok) {
        issues.push({ path: 'query.interval', message: parsed.message });
      } else {
        intervalMs = parsed.ms;
        if (from < to && bucketCount(from, to, intervalMs) > MAX_BUCKETS) {
          issues.push({
            path: 'query.interval',
            message: `gives more than ${MAX_BUCKETS} buckets for this window; widen the interval or narrow the window`,
          });
        }
      }
    }
  }

  const first = issues[0];
  if (first) {
    throw new ValidationError(`Invalid request query: ${first.path}: ${first.message}`, issues);
  }
  return { sourceIds, from, to, aggregation, intervalMs, limit, order: q.order ?? 'asc' };
}

function time(
  raw: string | undefined,
  name: string,
  fallback: number,
  issues: ValidationIssue[],
): number {
  if (raw === undefined) {
    return fallback;
  }
  const parsed = parseTimestamp(raw);
  if (!parsed.ok) {
    issues.push({ path: `query.${name}`, message: parsed.message });
    return fallback;
  }
  if (parsed.ms > MAX_QUERY_TIME_MS) {
    issues.push({ path: `query.${name}`, message: 'must be before 2262-01-01' });
    return fallback;
  }
  return parsed.ms;
}
