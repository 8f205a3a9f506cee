import type { Statement } from 'better-sqlite3';
import { BucketAggregator } from '../../domain/bucket-aggregator';
import type { PointTags, SeriesPoint, SeriesStats } from '../../domain/live-data';
import type {
  AggregateQuery,
  PointBatch,
  RawQuery,
  RawSeries,
  TimeSeriesStore,
} from '../../ports/timeseries-store';
import type { SqliteDatabase } from './database';
import { settle } from './graph-transaction';

/**
 * Rows written, or read, between two yields to the event loop. better-sqlite3 is
 * synchronous: without yielding, a 10,000-point ingest or a day-long scan would hold every
 * other request up. 1,000 rows take about 5 ms.
 */
const WRITE_CHUNK = 1_000;
const READ_PAGE = 5_000;

/** Lets queued I/O and timers run before the next chunk. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

type PointRow = [ts: number, value: number];
type RawRow = [ts: number, value: number, tags: string | null];

/**
 * The embedded time-series store (tables of migration 003).
 *
 * A write is one transaction on the writer (all batches or nothing) that yields between
 * chunks of rows: other requests' reads run meanwhile on the reader connection, which sees
 * committed data only, and other writes wait on the database mutex. Aggregations page
 * through the window in timestamp order and fold it with `BucketAggregator`, the same
 * definition the InfluxDB adapter is held to.
 */
export class SqliteTimeSeriesStore implements TimeSeriesStore {
  private readonly ensureSeries: Statement<[string, string]>;
  private readonly seriesForWrite: Statement<[string, string], { id: number }>;
  private readonly insertPoint: Statement<[number, number, number, string | null]>;
  private readonly updatePoint: Statement<[number, string | null, number, number]>;
  private readonly bumpSeries: Statement<[number, number, number, number]>;
  private readonly seriesForRead: Statement<
    [string, string],
    { id: number; point_count: number; last_ts: number | null }
  >;
  private readonly pageAsc: Statement<[number, number, number, number], PointRow>;
  private readonly rawAsc: Statement<[number, number, number, number], RawRow>;
  private readonly rawDesc: Statement<[number, number, number, number], RawRow>;

  constructor(private readonly db: SqliteDatabase) {
    const w = db.writer;
    const r = db.reader;
    this.ensureSeries = w.prepare(
      'INSERT OR IGNORE INTO live_series (workspace_id, source_id) VALUES (?, ?)',
    );
    this.seriesForWrite = w.prepare(
      'SELECT id FROM live_series WHERE workspace_id = ? AND source_id = ?',
    );
    // INSERT OR IGNORE first: `changes` then tells a new timestamp (1) from a re-sent one (0),
    // which keeps point_count exact; only re-sent timestamps pay for the UPDATE.
    this.insertPoint = w.prepare(
      'INSERT OR IGNORE INTO live_points (series_id, ts, value, tags) VALUES (?, ?, ?, ?)',
    );
    this.updatePoint = w.prepare(
      'UPDATE live_points SET value = ?, tags = ? WHERE series_id = ? AND ts = ?',
    );
    this.bumpSeries = w.prepare(
      `UPDATE live_series SET point_count = point_count + ?,
         last_ts = MAX(COALESCE(last_ts, ?), ?) WHERE id = ?`,
    );
    this.seriesForRead = r.prepare(
      'SELECT id, point_count, last_ts FROM live_series WHERE workspace_id = ? AND source_id = ?',
    );
    this.pageAsc = r
      .prepare<[number, number, number, number], PointRow>(
        `SELECT ts, value FROM live_points WHERE series_id = ? AND ts >= ? AND ts < ?
         ORDER BY ts LIMIT ?`,
      )
      .raw(true);
    this.rawAsc = r
      .prepare<[number, number, number, number], RawRow>(
        `SELECT ts, value, tags FROM live_points WHERE series_id = ? AND ts >= ? AND ts < ?
         ORDER BY ts LIMIT ?`,
      )
      .raw(true);
    this.rawDesc = r
      .prepare<[number, number, number, number], RawRow>(
        `SELECT ts, value, tags FROM live_points WHERE series_id = ? AND ts >= ? AND ts < ?
         ORDER BY ts DESC LIMIT ?`,
      )
      .raw(true);
  }

  write(workspaceId: string, batches: readonly PointBatch[]): Promise<void> {
    return this.db.transaction(async () => {
      let sinceYield = 0;
      for (const batch of batches) {
        if (batch.points.length === 0) {
          continue;
        }
        this.ensureSeries.run(workspaceId, batch.sourceId);
        const series = this.seriesForWrite.get(workspaceId, batch.sourceId);
        if (!series) {
          throw new Error('live_series row missing right after its insert');
        }
        let added = 0;
        let newest = 0;
        for (const point of batch.points) {
          const tags = point.tags ? JSON.stringify(point.tags) : null;
          if (this.insertPoint.run(series.id, point.timestamp, point.value, tags).changes === 0) {
            this.updatePoint.run(point.value, tags, series.id, point.timestamp);
          } else {
            added += 1;
          }
          if (point.timestamp > newest) {
            newest = point.timestamp;
          }
          sinceYield += 1;
          if (sinceYield === WRITE_CHUNK) {
            sinceYield = 0;
            await yieldToEventLoop();
          }
        }
        this.bumpSeries.run(added, newest, newest, series.id);
      }
    });
  }

  async raw(
    workspaceId: string,
    sourceIds: readonly string[],
    query: RawQuery,
  ): Promise<Map<string, RawSeries>> {
    const result = new Map<string, RawSeries>();
    const statement = query.order === 'asc' ? this.rawAsc : this.rawDesc;
    for (const sourceId of sourceIds) {
      const series = this.seriesForRead.get(workspaceId, sourceId);
      if (!series) {
        result.set(sourceId, { points: [], truncated: false });
        continue;
      }
      // One row more than asked tells whether the window holds more.
      const rows = statement.all(series.id, query.from, query.to, query.limit + 1);
      const truncated = rows.length > query.limit;
      const points = rows
        .slice(0, query.limit)
        .map(([timestamp, value, tags]) =>
          tags === null
            ? { timestamp, value }
            : { timestamp, value, tags: JSON.parse(tags) as PointTags },
        );
      result.set(sourceId, { points, truncated });
      await yieldToEventLoop();
    }
    return result;
  }

  async aggregate(
    workspaceId: string,
    sourceIds: readonly string[],
    query: AggregateQuery,
  ): Promise<Map<string, SeriesPoint[]>> {
    const result = new Map<string, SeriesPoint[]>();
    for (const sourceId of sourceIds) {
      const series = this.seriesForRead.get(workspaceId, sourceId);
      const aggregator = new BucketAggregator(query.aggregation, query.intervalMs);
      let cursor = query.from;
      while (series) {
        const rows = this.pageAsc.all(series.id, cursor, query.to, READ_PAGE);
        for (const [timestamp, value] of rows) {
          aggregator.push(timestamp, value);
        }
        const last = rows[rows.length - 1];
        if (rows.length < READ_PAGE || !last) {
          break;
        }
        cursor = last[0] + 1;
        await yieldToEventLoop();
      }
      result.set(sourceId, aggregator.finish());
    }
    return result;
  }

  stats(workspaceId: string, sourceIds: readonly string[]): Promise<Map<string, SeriesStats>> {
    return settle(() => {
      const result = new Map<string, SeriesStats>();
      for (const sourceId of sourceIds) {
        const series = this.seriesForRead.get(workspaceId, sourceId);
        result.set(sourceId, {
          pointCount: series?.point_count ?? 0,
          lastPointAt: series?.last_ts ?? null,
        });
      }
      return result;
    });
  }

  /** The database belongs to the container, which closes it. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}
