import type { IPoint } from 'influx';
import type { PointTags, SeriesPoint, SeriesStats } from '../../domain/live-data';
import type {
  AggregateQuery,
  PointBatch,
  RawQuery,
  RawSeries,
  TimeSeriesStore,
} from '../../ports/timeseries-store';
import type { InfluxConnection } from './connection';

/** Every point lives in this measurement; workspace and source are its only tags. */
export const MEASUREMENT = 'points';

/** A value InfluxDB returns in a result row. */
type Cell = number | string | null;

/** One statement's result in InfluxDB's JSON answer. */
interface StatementResult {
  statement_id?: number;
  series?: { name: string; tags?: Record<string, string>; columns: string[]; values: Cell[][] }[];
  error?: string;
  partial?: boolean;
}

interface QueryAnswer {
  results?: StatementResult[];
}

/** The InfluxQL function computing each aggregation (mean: see `aggregate`). */
const FUNCTIONS = {
  min: 'min',
  max: 'max',
  sum: 'sum',
  count: 'count',
  first: 'first',
  last: 'last',
} as const;

/**
 * Live data points in InfluxDB 1.x (docs/live-data.md).
 *
 * - One series per source: measurement `points`, tags `workspace` and `source`, fields
 *   `value` (float) and `tags` (the point's tags as a JSON string, `""` when none). Point
 *   tags are a field, not InfluxDB tags, so that a point stays identified by (workspace,
 *   source, timestamp) and re-sending a timestamp overwrites it, as in SQLite. The `tags`
 *   field is always written so an overwrite without tags clears the old ones.
 * - Every query filters on both tags through bound parameters (never string splicing).
 * - Aggregations use GROUP BY time(interval), which aligns buckets to epoch multiples as
 *   `BucketAggregator` does; `fill(none)` omits empty buckets. `mean` is computed here as
 *   sum / count of the same bucket, the definition the SQLite store follows.
 */
export class InfluxTimeSeriesStore implements TimeSeriesStore {
  constructor(private readonly connection: InfluxConnection) {}

  async write(workspaceId: string, batches: readonly PointBatch[]): Promise<void> {
    const points: IPoint[] = [];
    for (const batch of batches) {
      for (const point of batch.points) {
        points.push({
          measurement: MEASUREMENT,
          tags: { workspace: workspaceId, source: batch.sourceId },
          fields: { value: point.value, tags: point.tags ? JSON.stringify(point.tags) : '' },
          // A string: the client drops a falsy timestamp (epoch 0) and lets the server stamp it.
          timestamp: String(point.timestamp),
        });
      }
    }
    if (points.length === 0) {
      return;
    }
    // One HTTP write: InfluxDB applies a request's points together, so an outage loses all
    // of them or none (later lines win for a repeated timestamp, as in SQLite).
    await this.connection.run(() =>
      this.connection.client.writePoints(points, { precision: 'ms' }),
    );
  }

  async raw(
    workspaceId: string,
    sourceIds: readonly string[],
    query: RawQuery,
  ): Promise<Map<string, RawSeries>> {
    const filter = this.filter(workspaceId, sourceIds);
    const [answer] = await this.query(
      [
        `SELECT "value", "tags" FROM "${MEASUREMENT}" WHERE ${filter.where}`,
        ` AND time >= ${query.from}ms AND time < ${query.to}ms GROUP BY "source"`,
        ` ORDER BY time ${query.order === 'asc' ? 'ASC' : 'DESC'} LIMIT ${query.limit + 1}`,
      ].join(''),
      filter.params,
    );
    const result = new Map<string, RawSeries>(
      sourceIds.map((id) => [id, { points: [], truncated: false }]),
    );
    for (const series of answer?.series ?? []) {
      const sourceId = series.tags?.source;
      if (sourceId === undefined || !result.has(sourceId)) {
        continue;
      }
      const rows = series.values;
      const points = rows.slice(0, query.limit).map((row) => toRawPoint(row));
      // A server max-row-limit below limit + 1 cuts the answer short and flags it partial.
      result.set(sourceId, {
        points,
        truncated: rows.length > query.limit || answer?.partial === true,
      });
    }
    return result;
  }

  async aggregate(
    workspaceId: string,
    sourceIds: readonly string[],
    query: AggregateQuery,
  ): Promise<Map<string, SeriesPoint[]>> {
    const filter = this.filter(workspaceId, sourceIds);
    const select =
      query.aggregation === 'mean'
        ? 'sum("value"), count("value")'
        : `${FUNCTIONS[query.aggregation]}("value")`;
    const [answer] = await this.query(
      [
        `SELECT ${select} FROM "${MEASUREMENT}" WHERE ${filter.where}`,
        ` AND time >= ${query.from}ms AND time < ${query.to}ms`,
        ` GROUP BY time(${query.intervalMs}ms), "source" fill(none)`,
      ].join(''),
      filter.params,
    );
    if (answer?.partial) {
      throw new Error(
        'InfluxDB cut the aggregation short: set [http] max-row-limit to 0 (or above 10000)',
      );
    }
    const result = new Map<string, SeriesPoint[]>(sourceIds.map((id) => [id, []]));
    for (const series of answer?.series ?? []) {
      const sourceId = series.tags?.source;
      if (sourceId === undefined || !result.has(sourceId)) {
        continue;
      }
      result.set(
        sourceId,
        series.values.map((row) => {
          const timestamp = Number(row[0]);
          const value =
            query.aggregation === 'mean' ? Number(row[1]) / Number(row[2]) : Number(row[1]);
          return { timestamp, value };
        }),
      );
    }
    return result;
  }

  async stats(
    workspaceId: string,
    sourceIds: readonly string[],
  ): Promise<Map<string, SeriesStats>> {
    const result = new Map<string, SeriesStats>(
      sourceIds.map((id) => [id, { pointCount: 0, lastPointAt: null }]),
    );
    if (sourceIds.length === 0) {
      return result;
    }
    const filter = this.filter(workspaceId, sourceIds);
    const from = `FROM "${MEASUREMENT}" WHERE ${filter.where} GROUP BY "source"`;
    // Two statements: with count() beside it, last() would report time 0 instead of its point's.
    const [counts, lasts] = await this.query(
      [`SELECT count("value") ${from}`, `SELECT last("value") ${from}`].join('; '),
      filter.params,
    );
    for (const series of counts?.series ?? []) {
      const entry = result.get(series.tags?.source ?? '');
      if (entry) {
        entry.pointCount = Number(series.values[0]?.[1] ?? 0);
      }
    }
    for (const series of lasts?.series ?? []) {
      const entry = result.get(series.tags?.source ?? '');
      const time = series.values[0]?.[0];
      if (entry && time !== undefined && time !== null) {
        entry.lastPointAt = Number(time);
      }
    }
    return result;
  }

  close(): Promise<void> {
    this.connection.close();
    return Promise.resolve();
  }

  /** `workspace = $workspace AND (source = $s0 OR ...)` with its bound parameters. */
  private filter(
    workspaceId: string,
    sourceIds: readonly string[],
  ): { where: string; params: Record<string, string> } {
    const params: Record<string, string> = { workspace: workspaceId };
    const alternatives = sourceIds.map((id, i) => {
      params[`s${i}`] = id;
      return `"source" = $s${i}`;
    });
    return { where: `"workspace" = $workspace AND (${alternatives.join(' OR ')})`, params };
  }

  /**
   * Runs InfluxQL with epoch-ms times. A statement error (InfluxDB answers those with 200)
   * is thrown inside `run`, so "database not found" gets the same recovery as a write.
   */
  private query(q: string, params: Record<string, string>): Promise<StatementResult[]> {
    return this.connection.run(async () => {
      const answer = (await this.connection.client.queryRaw(q, {
        precision: 'ms',
        placeholders: params,
      })) as QueryAnswer;
      const results = answer.results ?? [];
      const failed = results.find((r) => r.error !== undefined);
      if (failed) {
        throw new Error(`InfluxDB rejected a query: ${failed.error}`);
      }
      return results;
    });
  }
}

function toRawPoint(row: Cell[]): SeriesPoint {
  const timestamp = Number(row[0]);
  const value = Number(row[1]);
  const tags = row[2];
  return typeof tags === 'string' && tags !== ''
    ? { timestamp, value, tags: JSON.parse(tags) as PointTags }
    : { timestamp, value };
}
