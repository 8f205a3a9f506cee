import type { GraphEdge, GraphNode } from '../../domain/graph';
import type { GraphQueries } from '../../queries/graph-queries';
import { requireScope } from '../context';
import { asArgumentsLater } from '../errors';
import {
  ArgumentCheck,
  directionOf,
  neighborhoodDepth,
  pageOf,
  sortString,
  type ResolverMap,
} from './inputs';
import { filterOfWhere, type WhereInput } from './where-input';

type SortArg = { field: string; direction?: 'ASC' | 'DESC' | null }[] | null;
type DirectionArg = 'OUT' | 'IN' | 'BOTH' | null;

interface ListArgs {
  sort?: SortArg;
  limit?: number | null;
  offset?: number | null;
  after?: string | null;
  count?: boolean | null;
}

interface NodeListArgs extends ListArgs {
  where?: (WhereInput & { entityType?: string | null; name?: string | null }) | null;
}

interface EdgeListArgs extends ListArgs {
  where?:
    | (WhereInput & {
        type?: string | null;
        sourceId?: string | null;
        targetId?: string | null;
        nodeId?: string | null;
      })
    | null;
}

/** Paging of a list field: limit/offset as REST, `after` a nextCursor, `count` as count=. */
function listPaging(args: ListArgs) {
  return {
    ...pageOf(args),
    cursor: args.after ?? undefined,
    count: args.count ?? true,
    offsetPath: 'args.offset',
  };
}

/** How many exact-match shorthands are set (they count towards the condition limit). */
const given = (...values: unknown[]) => values.filter((v) => v !== null && v !== undefined).length;

interface NodeEdgesArgs extends ListArgs {
  direction?: DirectionArg;
  type?: string | null;
}

interface NeighborsArgs {
  depth?: number | null;
  direction?: DirectionArg;
  type?: string[] | null;
}

/**
 * Reads of the ontology (GET /api/queries/*): the same GraphQueries calls, the same scopes,
 * the same paging and sorting rules, plus traversal from a node (its edges, its
 * neighbourhood) and from an edge to its ends.
 */
export function graphResolvers(queries: GraphQueries): ResolverMap {
  return {
    Query: {
      node: (_root, args: { id: string }, ctx) => {
        requireScope(ctx, 'read:nodes');
        return queries.getNode(ctx.workspaceId, args.id);
      },
      nodes: async (_root, args: NodeListArgs, ctx) => {
        requireScope(ctx, 'read:nodes');
        const check = new ArgumentCheck();
        const filter = {
          entityType: check.typeName('args.where.entityType', args.where?.entityType),
          name: check.text('args.where.name', args.where?.name, 1000),
        };
        check.done();
        const where = filterOfWhere(
          'node',
          args.where,
          given(args.where?.entityType, args.where?.name),
        );
        const paging = listPaging(args);
        const result = await asArgumentsLater(() =>
          queries.listNodes(ctx.workspaceId, { ...filter, where }, sortString(args.sort), paging),
        );
        return { ...result, limit: paging.limit, offset: paging.offset };
      },
      edge: (_root, args: { id: string }, ctx) => {
        requireScope(ctx, 'read:edges');
        return queries.getEdge(ctx.workspaceId, args.id);
      },
      edges: async (_root, args: EdgeListArgs, ctx) => {
        requireScope(ctx, 'read:edges');
        const check = new ArgumentCheck();
        const where = args.where ?? {};
        const filter = {
          type: check.typeName('args.where.type', where.type),
          sourceId: check.id('args.where.sourceId', where.sourceId),
          targetId: check.id('args.where.targetId', where.targetId),
          nodeId: check.id('args.where.nodeId', where.nodeId),
        };
        check.done();
        const tree = filterOfWhere(
          'edge',
          args.where,
          given(where.type, where.sourceId, where.targetId, where.nodeId),
        );
        const paging = listPaging(args);
        const result = await asArgumentsLater(() =>
          queries.listEdges(
            ctx.workspaceId,
            { ...filter, where: tree },
            sortString(args.sort),
            paging,
          ),
        );
        return { ...result, limit: paging.limit, offset: paging.offset };
      },
    },
    Node: {
      edges: async (node: GraphNode, args: NodeEdgesArgs, ctx) => {
        requireScope(ctx, 'read:edges');
        const check = new ArgumentCheck();
        const type = check.typeName('args.type', args.type);
        check.done();
        const direction = directionOf(args.direction);
        const ends =
          direction === 'out'
            ? { sourceId: node.id }
            : direction === 'in'
              ? { targetId: node.id }
              : { nodeId: node.id };
        const paging = listPaging(args);
        const result = await asArgumentsLater(() =>
          queries.listEdges(ctx.workspaceId, { type, ...ends }, sortString(args.sort), paging),
        );
        return { ...result, limit: paging.limit, offset: paging.offset };
      },
      neighbors: (node: GraphNode, args: NeighborsArgs, ctx) => {
        requireScope(ctx, 'read:nodes');
        const check = new ArgumentCheck();
        const types = (args.type ?? []).map((t, i) => check.typeName(`args.type.${i}`, t) ?? t);
        check.done();
        return queries.neighbors(ctx.workspaceId, node.id, {
          depth: neighborhoodDepth(args.depth),
          direction: directionOf(args.direction),
          types,
        });
      },
    },
    Edge: {
      source: (edge: GraphEdge, _args: unknown, ctx) => {
        requireScope(ctx, 'read:nodes');
        return ctx.loadNode(edge.sourceId);
      },
      target: (edge: GraphEdge, _args: unknown, ctx) => {
        requireScope(ctx, 'read:nodes');
        return ctx.loadNode(edge.targetId);
      },
    },
  };
}
