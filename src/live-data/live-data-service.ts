import { randomUUID } from 'node:crypto';
import { actorOf } from '../domain/change-events';
import type {
  Aggregation,
  DataPoint,
  LiveDataSource,
  SeriesPoint,
  SeriesStats,
} from '../domain/live-data';
import { NotFoundError } from '../errors';
import type { Clock } from '../ports/clock';
import type { GraphStore } from '../ports/graph-store';
import type { LiveDataSourceStore, SourceFilter } from '../ports/live-data-source-store';
import type { Page, PageRequest } from '../ports/paging';
import type { TimeSeriesStore } from '../ports/timeseries-store';

/** A source with what the time-series store knows about its points. */
export type SourceWithStats = LiveDataSource & SeriesStats;

export interface NewSource {
  name: string;
  unit: string | null;
  description: string | null;
  entityId: string | null;
}

/** Validated points of one source (see `toIngestBatches`). */
export interface IngestBatch {
  sourceId: string;
  points: DataPoint[];
}

/** A resolved time-series query (see `toLiveQuery`). */
export interface LiveQuery {
  sourceIds: string[];
  from: number;
  to: number;
  aggregation: Aggregation;
  /** Bucket width; null for raw. */
  intervalMs: number | null;
  /** Raw only: points per source. */
  limit: number;
  /** Raw only. */
  order: 'asc' | 'desc';
}

/** The answer for one source. */
export interface SeriesResult {
  sourceId: string;
  points: SeriesPoint[];
  /** Raw only: the window holds more points than `limit`. */
  truncated: boolean;
}

/**
 * Live data (docs/live-data.md): source records in the system store, points in the
 * time-series store. Every operation is confined to one workspace; a source of another
 * workspace is answered exactly as a missing one.
 */
export class LiveDataService {
  constructor(
    private readonly sources: LiveDataSourceStore,
    private readonly series: TimeSeriesStore,
    private readonly graph: Pick<GraphStore, 'getNode' | 'transaction'>,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates a source; `entityId` must name a node of the workspace (404 otherwise). The
   * source and its change event commit together.
   */
  async createSource(
    workspaceId: string,
    input: NewSource,
    actorId: string | null = null,
  ): Promise<SourceWithStats> {
    if (input.entityId !== null && !(await this.graph.getNode(workspaceId, input.entityId))) {
      throw new NotFoundError(`Node ${input.entityId} not found.`, {
        kind: 'node',
        id: input.entityId,
      });
    }
    const source: LiveDataSource = {
      id: randomUUID(),
      name: input.name,
      unit: input.unit,
      description: input.description,
      entityId: input.entityId,
      createdAt: new Date(this.clock.now()).toISOString(),
    };
    await this.graph.transaction(workspaceId, async (uow) => {
      uow.feed?.attribute(actorOf(actorId), {});
      await this.sources.createIn(uow, workspaceId, source);
      uow.feed?.add({
        type: 'liveDataSource.created',
        subjectType: null,
        subjectId: source.id,
        data: { before: null, after: source },
      });
    });
    // A new id has no points in any store: no need to ask the time-series store.
    return { ...source, pointCount: 0, lastPointAt: null };
  }

  async getSource(workspaceId: string, id: string): Promise<SourceWithStats> {
    const source = await this.sources.get(workspaceId, id);
    if (!source) {
      throw sourceNotFound(id);
    }
    const stats = await this.series.stats(workspaceId, [id]);
    return withStats(source, stats);
  }

  async listSources(
    workspaceId: string,
    filter: SourceFilter,
    page: PageRequest,
  ): Promise<Page<SourceWithStats>> {
    const result = await this.sources.list(workspaceId, filter, page);
    const stats = await this.series.stats(
      workspaceId,
      result.items.map((s) => s.id),
    );
    return { items: result.items.map((s) => withStats(s, stats)), total: result.total };
  }

  /**
   * Stores validated points once every named source is known to exist in the workspace
   * (404 naming the first unknown one, and nothing written). Returns how many points the
   * request carried; re-sent timestamps count as accepted and overwrite.
   */
  async ingest(
    workspaceId: string,
    batches: readonly IngestBatch[],
  ): Promise<{ accepted: number }> {
    await this.requireSources(
      workspaceId,
      batches.map((b) => b.sourceId),
    );
    await this.series.write(workspaceId, batches);
    return { accepted: batches.reduce((n, b) => n + b.points.length, 0) };
  }

  /** Raw points or buckets of each named source, in the order named. */
  async query(workspaceId: string, query: LiveQuery): Promise<SeriesResult[]> {
    await this.requireSources(workspaceId, query.sourceIds);
    const { sourceIds, from, to } = query;
    // Per source: raw points with their truncation, or buckets (never truncated).
    const series: ReadonlyMap<string, { points: SeriesPoint[]; truncated: boolean }> =
      query.aggregation === 'raw' || query.intervalMs === null
        ? await this.series.raw(workspaceId, sourceIds, {
            from,
            to,
            limit: query.limit,
            order: query.order,
          })
        : new Map(
            [
              ...(await this.series.aggregate(workspaceId, sourceIds, {
                from,
                to,
                aggregation: query.aggregation,
                intervalMs: query.intervalMs,
              })),
            ].map(([sourceId, points]) => [sourceId, { points, truncated: false }]),
          );
    return sourceIds.map((sourceId) => ({
      sourceId,
      points: series.get(sourceId)?.points ?? [],
      truncated: series.get(sourceId)?.truncated ?? false,
    }));
  }

  private async requireSources(workspaceId: string, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const found = new Set((await this.sources.getMany(workspaceId, unique)).map((s) => s.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw sourceNotFound(missing);
    }
  }
}

function sourceNotFound(id: string): NotFoundError {
  return new NotFoundError(`Live data source ${id} not found.`, { kind: 'source', id });
}

function withStats(source: LiveDataSource, stats: Map<string, SeriesStats>): SourceWithStats {
  return { ...source, ...(stats.get(source.id) ?? { pointCount: 0, lastPointAt: null }) };
}
