import type { Aggregation, PointTags, SeriesPoint } from '../../domain/live-data';
import type { LiveQuery, SeriesResult, SourceWithStats } from '../../live-data/live-data-service';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A live data source as the API shows it (openapi `LiveDataSource`), times as ISO text. */
export type SourceView = Omit<SourceWithStats, 'lastPointAt'> & { lastPointAt: string | null };

/** The public shape of a source. */
export function presentSource(source: SourceWithStats): SourceView {
  return {
    id: source.id,
    name: source.name,
    unit: source.unit,
    description: source.description,
    entityId: source.entityId,
    createdAt: source.createdAt,
    lastPointAt: source.lastPointAt === null ? null : iso(source.lastPointAt),
    pointCount: source.pointCount,
  };
}

/** A point as queries return it (openapi `SeriesPointOut`): tags only when it has some. */
export interface PointView {
  timestamp: string;
  value: number;
  tags?: PointTags;
}

function presentPoint(point: SeriesPoint): PointView {
  return point.tags === undefined
    ? { timestamp: iso(point.timestamp), value: point.value }
    : { timestamp: iso(point.timestamp), value: point.value, tags: point.tags };
}

/** One source's answer to a query; a raw query adds its paging. */
export interface SeriesView {
  sourceId: string;
  aggregation: Aggregation;
  interval: string | null;
  from: string;
  to: string;
  limit?: number;
  order?: 'asc' | 'desc';
  truncated?: boolean;
  points: PointView[];
}

/** One source's answer: `{ sourceId, aggregation, interval, from, to, points }` (+ raw paging). */
export function presentSeries(
  query: LiveQuery,
  interval: string | null,
  series: SeriesResult,
): SeriesView {
  const common = {
    sourceId: series.sourceId,
    aggregation: query.aggregation,
    interval,
    from: iso(query.from),
    to: iso(query.to),
  };
  const points = series.points.map(presentPoint);
  return query.aggregation === 'raw'
    ? { ...common, limit: query.limit, order: query.order, truncated: series.truncated, points }
    : { ...common, points };
}
