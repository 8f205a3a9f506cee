import type { GraphNode } from '../../domain/graph';
import * as liveDataInputs from '../../live-data/inputs';
import type { LiveDataService } from '../../live-data/live-data-service';
import { presentSource, type SourceView } from '../../http/presenters/live-data';
import { parseInput } from '../../parse-input';
import type { Clock } from '../../ports/clock';
import { requireScope } from '../context';
import { asArguments } from '../errors';
import { ArgumentCheck, pageOf, withoutNulls, type ResolverMap } from './inputs';

const iso = (ms: number): string => new Date(ms).toISOString();

interface SeriesArgs {
  sourceId: string;
  from?: string | null;
  to?: string | null;
  aggregation?: string | null;
  interval?: string | null;
  limit?: number | null;
  order?: 'ASC' | 'DESC' | null;
}

/**
 * Live data (the /api/live-data routes): sources, a series query and ingest, through the same
 * LiveDataService and the same input rules (`src/live-data/inputs.ts`).
 */
export function liveDataResolvers(liveData: LiveDataService, clock: Clock): ResolverMap {
  const listSources = async (
    workspaceId: string,
    entityId: string | undefined,
    args: { limit?: number | null; offset?: number | null },
  ) => {
    const page = pageOf(args);
    const result = await liveData.listSources(workspaceId, { entityId }, page);
    return { items: result.items.map(presentSource), total: result.total, ...page };
  };

  return {
    Query: {
      liveDataSource: async (_root, args: { id: string }, ctx) => {
        requireScope(ctx, 'read:livedata');
        return presentSource(await liveData.getSource(ctx.workspaceId, args.id));
      },
      liveDataSources: (
        _root,
        args: { entityId?: string | null; limit?: number | null; offset?: number | null },
        ctx,
      ) => {
        requireScope(ctx, 'read:livedata');
        const check = new ArgumentCheck();
        const entityId = check.id('args.entityId', args.entityId);
        check.done();
        return listSources(ctx.workspaceId, entityId, args);
      },
      series: async (_root, args: SeriesArgs, ctx) => {
        requireScope(ctx, 'read:livedata');
        const query = asArguments(() => {
          const raw = withoutNulls({
            sourceId: args.sourceId,
            from: args.from,
            to: args.to,
            aggregation: args.aggregation?.toLowerCase(),
            interval: args.interval,
            limit: args.limit === null || args.limit === undefined ? undefined : String(args.limit),
            order: args.order?.toLowerCase(),
          });
          return liveDataInputs.toLiveQuery(
            parseInput(liveDataInputs.queryParams, raw, 'query'),
            clock.now(),
          );
        });
        const [series] = await liveData.query(ctx.workspaceId, query);
        const raw = query.aggregation === 'raw';
        return {
          sourceId: args.sourceId,
          aggregation: query.aggregation.toUpperCase(),
          interval: raw ? null : (args.interval ?? null),
          from: iso(query.from),
          to: iso(query.to),
          limit: raw ? query.limit : null,
          order: raw ? query.order.toUpperCase() : null,
          truncated: raw ? (series?.truncated ?? false) : null,
          points: (series?.points ?? []).map((p) => ({
            timestamp: iso(p.timestamp),
            value: p.value,
            tags: p.tags ?? null,
          })),
        };
      },
    },
    Mutation: {
      createLiveDataSource: async (_root, args: { input: Record<string, unknown> }, ctx) => {
        requireScope(ctx, 'write:livedata');
        const body = asArguments(
          () => parseInput(liveDataInputs.createSourceBody, withoutNulls(args.input), 'body'),
          [[/^body(?=\.|$)/, 'args.input']],
        );
        return presentSource(
          await liveData.createSource(ctx.workspaceId, body, ctx.principal.actorId),
        );
      },
      ingestDataPoints: async (
        _root,
        args: { sourceId: string; points: Record<string, unknown>[] },
        ctx,
      ) => {
        requireScope(ctx, 'write:livedata');
        const batches = asArguments(() => {
          const input = { sourceId: args.sourceId, points: args.points.map(withoutNulls) };
          const body = parseInput(liveDataInputs.ingestBodySchema(input), input, 'body');
          return liveDataInputs.toIngestBatches(body, clock.now());
        });
        return liveData.ingest(ctx.workspaceId, batches);
      },
    },
    LiveDataSource: {
      entity: (source: SourceView, _args: unknown, ctx): Promise<GraphNode | null> | null => {
        if (source.entityId === null) {
          return null;
        }
        requireScope(ctx, 'read:nodes');
        return ctx.loadNode(source.entityId);
      },
    },
    Node: {
      liveDataSources: (
        node: GraphNode,
        args: { limit?: number | null; offset?: number | null },
        ctx,
      ) => {
        requireScope(ctx, 'read:livedata');
        return listSources(ctx.workspaceId, node.id, args);
      },
    },
  };
}
