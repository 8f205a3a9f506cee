import { z } from 'zod';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import type { GraphQueries } from '../../queries/graph-queries';
import { parseListQuery } from '../filter-query';
import { sendData, sendPage } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const typeFilter = (what: string) =>
  z.string().regex(TYPE_NAME_PATTERN, `${what} must be a valid type name`).optional();
const idFilter = z.string().min(1).max(128).optional();

/** What is left of a list query once filters and paging are read (`parseListQuery`). */
const nodeListQuery = z
  .object({
    entityType: typeFilter('entityType'),
    name: z.string().max(1000).optional(),
    sort: z.string().max(200).optional(),
  })
  .strict();

const edgeListQuery = z
  .object({
    type: typeFilter('type'),
    sourceId: idFilter,
    targetId: idFilter,
    nodeId: idFilter,
    sort: z.string().max(200).optional(),
  })
  .strict();

const neighborsQuery = z
  .object({
    depth: z
      .enum(['1', '2', '3'], { message: 'depth must be 1, 2 or 3' })
      .default('1')
      .transform(Number),
    direction: z
      .enum(['out', 'in', 'both'], { message: 'direction must be out, in or both' })
      .default('both'),
    type: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').map((t) => t.trim()) : []))
      .pipe(z.array(z.string().regex(TYPE_NAME_PATTERN, 'each type must be a valid type name'))),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(128) });

/** The extra meta of a node or edge page: its next cursor, and the feed cursor it was read at. */
function listMeta(result: { nextCursor: string | null; eventCursor?: string }) {
  return {
    nextCursor: result.nextCursor,
    ...(result.eventCursor !== undefined ? { eventCursor: result.eventCursor } : {}),
  };
}

/** Reads of the ontology: scopes read:nodes / read:edges. */
export function queryRoutes(deps: { queries: GraphQueries }): RouteDef[] {
  const { queries } = deps;
  return [
    {
      method: 'get',
      path: '/api/queries/nodes',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const list = parseListQuery('node', req.query, ['entityType', 'name']);
        const q = parseInput(nodeListQuery, list.rest, 'query');
        const result = await queries.listNodes(
          workspaceId,
          { entityType: q.entityType, name: q.name, where: list.where },
          q.sort,
          list.paging,
        );
        sendPage(res, result.items, result.total, list.paging, listMeta(result));
      },
    },
    {
      method: 'get',
      path: '/api/queries/nodes/:id',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        sendData(res, 200, await queries.getNode(workspaceId, id));
      },
    },
    {
      method: 'get',
      path: '/api/queries/nodes/:id/neighbors',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const q = parseInput(neighborsQuery, req.query, 'query');
        const result = await queries.neighbors(workspaceId, id, {
          depth: q.depth,
          direction: q.direction,
          types: q.type,
        });
        sendData(
          res,
          200,
          { nodes: result.nodes, edges: result.edges },
          {
            depth: q.depth,
            direction: q.direction,
            types: q.type,
            maxNodes: 500,
            nodeCount: result.nodes.length,
            edgeCount: result.edges.length,
            truncated: result.truncated,
          },
        );
      },
    },
    {
      method: 'get',
      path: '/api/queries/edges',
      access: { workspace: 'required', scope: 'read:edges' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const list = parseListQuery('edge', req.query, ['type', 'sourceId', 'targetId', 'nodeId']);
        const q = parseInput(edgeListQuery, list.rest, 'query');
        const result = await queries.listEdges(
          workspaceId,
          {
            type: q.type,
            sourceId: q.sourceId,
            targetId: q.targetId,
            nodeId: q.nodeId,
            where: list.where,
          },
          q.sort,
          list.paging,
        );
        sendPage(res, result.items, result.total, list.paging, listMeta(result));
      },
    },
    {
      method: 'get',
      path: '/api/queries/edges/:id',
      access: { workspace: 'required', scope: 'read:edges' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        sendData(res, 200, await queries.getEdge(workspaceId, id));
      },
    },
  ];
}
