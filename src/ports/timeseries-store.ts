import type { BucketAggregation, DataPoint, SeriesPoint, SeriesStats } from '../domain/live-data';

/** The points of one source to write. */
export interface PointBatch {
  sourceId: string;
  points: readonly DataPoint[];
}

/** A time window: `from` inclusive, `to` exclusive, both epoch ms. */
export interface TimeRange {
  from: number;
  to: number;
}

export interface RawQuery extends TimeRange {
  /** At most this many points per source. */
  limit: number;
  /** `asc`: the oldest points of the window first; `desc`: the newest first. */
  order: 'asc' | 'desc';
}

export interface AggregateQuery extends TimeRange {
  aggregation: BucketAggregation;
  /** Bucket width in ms; divides one day evenly (see `parseInterval`). */
  intervalMs: number;
}

/** The raw points of one source. */
export interface RawSeries {
  points: SeriesPoint[];
  /** True when the window holds more points than `limit`. */
  truncated: boolean;
}

/**
 * Storage of data points (docs/live-data.md). A series is identified by workspace and
 * source; every read and write names both, and a source id of another workspace reads as
 * empty. Points are identified by (workspace, source, timestamp): writing a timestamp again
 * replaces its value and tags, as InfluxDB does. Both adapters must give identical answers
 * for the same data (test/contract/timeseries-store/timeseries-store.contract.ts).
 *
 * Engine outages surface as `ServiceUnavailableError` (503); callers do not retry.
 */
export interface TimeSeriesStore {
  /**
   * Writes every batch. Either all points are stored or, when the call rejects, none of
   * them are (as far as the engine can promise: a timed-out InfluxDB write may still land,
   * which is harmless because writes are idempotent).
   */
  write(workspaceId: string, batches: readonly PointBatch[]): Promise<void>;
  /** Raw points per source id; sources without points map to an empty series. */
  raw(
    workspaceId: string,
    sourceIds: readonly string[],
    query: RawQuery,
  ): Promise<Map<string, RawSeries>>;
  /** Non-empty buckets per source id, in time order (see `BucketAggregator`). */
  aggregate(
    workspaceId: string,
    sourceIds: readonly string[],
    query: AggregateQuery,
  ): Promise<Map<string, SeriesPoint[]>>;
  /** Point count and newest timestamp per source id. */
  stats(workspaceId: string, sourceIds: readonly string[]): Promise<Map<string, SeriesStats>>;
  /** Releases connections. */
  close(): Promise<void>;
}
