/**
 * Live data (docs/live-data.md): sources, data points and the rules both time-series
 * engines must apply identically (docs/live-data.md explains every choice).
 */

/** A live data source as stored in the system store. */
export interface LiveDataSource {
  id: string;
  name: string;
  unit: string | null;
  description: string | null;
  /** A node of the same workspace the source measures, checked when the source is created. */
  entityId: string | null;
  createdAt: string;
}

/** What the time-series store knows about one source's points. */
export interface SeriesStats {
  /** Distinct timestamps stored (a re-sent timestamp overwrites, so it counts once). */
  pointCount: number;
  /** Epoch ms of the newest point, null when there is none. */
  lastPointAt: number | null;
}

/** Point tags: small string labels stored with a point and returned by raw queries. */
export type PointTags = Record<string, string>;

/** One validated data point. `timestamp` is epoch milliseconds (UTC). */
export interface DataPoint {
  timestamp: number;
  value: number;
  tags: PointTags | null;
}

/** One bucket of an aggregation, or one stored point of a raw query. */
export interface SeriesPoint {
  timestamp: number;
  value: number;
  tags?: PointTags;
}

export const AGGREGATIONS = ['raw', 'mean', 'min', 'max', 'sum', 'count', 'first', 'last'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
/** Every aggregation except `raw`: those group points into time buckets. */
export type BucketAggregation = Exclude<Aggregation, 'raw'>;

/** Points one ingest request may carry, over all its batches. */
export const MAX_POINTS_PER_REQUEST = 10_000;
/** Batches (sources) one ingest request may carry. */
export const MAX_BATCHES_PER_REQUEST = 100;
/** Sources one query may name. */
export const MAX_SOURCES_PER_QUERY = 20;
/** Buckets one aggregation may produce per source. */
export const MAX_BUCKETS = 10_000;
/** Raw points one query returns per source: default and maximum. */
export const DEFAULT_RAW_LIMIT = 1_000;
export const MAX_RAW_LIMIT = 10_000;
/** How far in the future a point's timestamp may lie (clock skew of the sender). */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** Default query window when `from` is not given. */
export const DEFAULT_WINDOW_MS = 60 * 60 * 1000;
/**
 * Latest instant a query may name: 2262-01-01, inside InfluxDB's int64-nanosecond range,
 * so a query means the same on both engines.
 */
export const MAX_QUERY_TIME_MS = Date.UTC(2262, 0, 1);

export const MAX_TAGS_PER_POINT = 16;
export const MAX_TAG_VALUE_LENGTH = 256;
export const TAG_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;
const EPOCH_DIGITS = /^\d{1,16}$/;

/** Result of parsing a timestamp: epoch ms, or why it is not one. */
export type ParsedTime = { ok: true; ms: number } | { ok: false; message: string };

/**
 * Parses an ISO-8601 date-time with an explicit offset (`Z` or `+hh:mm`) or epoch
 * milliseconds (a non-negative integer, as a number or a string of digits). Fractions
 * below a millisecond are truncated. Calendar-impossible dates (Feb 30) are rejected rather
 * than rolled over, as `Date.parse` would.
 */
export function parseTimestamp(input: unknown): ParsedTime {
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input) || input < 0) {
      return { ok: false, message: 'epoch milliseconds must be a non-negative integer' };
    }
    return { ok: true, ms: input };
  }
  if (typeof input !== 'string') {
    return { ok: false, message: 'must be an ISO-8601 date-time or epoch milliseconds' };
  }
  if (EPOCH_DIGITS.test(input)) {
    return parseTimestamp(Number(input));
  }
  const m = ISO_PATTERN.exec(input);
  if (!m) {
    return {
      ok: false,
      message:
        'must be an ISO-8601 date-time with an offset (e.g. 2026-01-15T12:00:00Z) or epoch ms',
    };
  }
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(local);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return { ok: false, message: 'is not a valid calendar date-time' };
  }
  const offset = m[8] as string;
  let offsetMs = 0;
  if (offset !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const hours = Number(offset.slice(1, 3));
    const minutes = Number(offset.slice(4, 6));
    if (hours > 23 || minutes > 59) {
      return { ok: false, message: 'has an invalid UTC offset' };
    }
    offsetMs = sign * (hours * 60 + minutes) * 60_000;
  }
  const ms = local - offsetMs;
  if (ms < 0) {
    return { ok: false, message: 'must not be before 1970-01-01T00:00:00Z' };
  }
  return { ok: true, ms };
}

const INTERVAL_PATTERN = /^(\d{1,9})(ms|s|m|h|d)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS } as const;

/**
 * Parses an aggregation interval such as `10s`, `1m` or `1h` into milliseconds.
 *
 * The interval must divide one day evenly. Buckets are aligned to epoch multiples of the
 * interval (as InfluxDB aligns GROUP BY time), so such a bucket never spans a UTC midnight.
 * InfluxDB's shard groups start at midnight, and a bucket spanning two shards is summed as
 * two partial sums added together, which can differ from one running sum in the last bit;
 * keeping buckets inside one day is what lets both engines return identical numbers.
 */
export function parseInterval(
  input: string,
): { ok: true; ms: number } | { ok: false; message: string } {
  const m = INTERVAL_PATTERN.exec(input);
  if (!m) {
    return {
      ok: false,
      message: 'must be a positive whole number and a unit: ms, s, m, h or d (e.g. 10s, 1m, 1h)',
    };
  }
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  if (ms <= 0 || ms > DAY_MS || DAY_MS % ms !== 0) {
    return {
      ok: false,
      message: 'must divide one day evenly (e.g. 1s, 10s, 30s, 1m, 5m, 15m, 1h, 6h, 1d)',
    };
  }
  return { ok: true, ms };
}

/** Start of the epoch-aligned bucket that holds `timestamp`. */
export function bucketStart(timestamp: number, intervalMs: number): number {
  return timestamp - (timestamp % intervalMs);
}

/** Number of epoch-aligned buckets that overlap [from, to). */
export function bucketCount(from: number, to: number, intervalMs: number): number {
  return (bucketStart(to - 1, intervalMs) - bucketStart(from, intervalMs)) / intervalMs + 1;
}
