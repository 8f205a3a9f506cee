import type { RequestHandler } from 'express';
import { z } from 'zod';
import * as searchInputs from '../../search/inputs';
import type { IndexStatus } from '../../search/indexer';
import { HYBRID_MAX_NODES, type SearchService } from '../../search/search-service';
import { sendData } from '../presenters/envelope';
import { requireScope, workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const searchBody = z.object(searchInputs.searchFields).strict();

const fusionBody = z.discriminatedUnion(
  'method',
  [
    z
      .object({
        method: z.literal('rrf'),
        k: searchInputs.rrfK.default(searchInputs.DEFAULT_RRF_K),
      })
      .strict(),
    z
      .object({
        method: z.literal('weighted'),
        alpha: searchInputs.weightedAlpha.default(searchInputs.DEFAULT_ALPHA),
      })
      .strict(),
  ],
  { message: 'fusion.method must be rrf or weighted' },
);

const hybridBody = z
  .object({
    ...searchInputs.searchFields,
    ...searchInputs.hybridFields,
    fusion: fusionBody.default({ method: 'rrf', k: searchInputs.DEFAULT_RRF_K }),
  })
  .strict();

/** Hybrid search returns edges too: it needs read:edges besides the route's read:nodes. */
const alsoReadEdges: RequestHandler = (req, _res, next) => {
  requireScope(req.ctx, 'read:edges');
  next();
};

/** Semantic and hybrid search, and the index status (docs/search.md). */
export function ragRoutes(deps: {
  search: SearchService;
  indexStatus: (workspaceId: string) => Promise<IndexStatus>;
}): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/rag/search',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const body = parseInput(searchBody, req.body, 'body');
        const hits = await deps.search.search(workspaceId, body);
        sendData(res, 200, hits, { topK: body.topK, count: hits.length });
      },
    },
    {
      method: 'post',
      path: '/api/rag/hybrid-search',
      access: { workspace: 'required', scope: 'read:nodes' },
      before: [alsoReadEdges],
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const body = parseInput(hybridBody, req.body, 'body');
        const result = await deps.search.hybridSearch(workspaceId, body);
        sendData(
          res,
          200,
          { results: result.results, subgraph: result.subgraph },
          {
            topK: body.topK,
            depth: body.depth,
            relationshipTypes: body.relationshipTypes,
            fusion: body.fusion,
            count: result.results.length,
            seedCount: result.seedCount,
            reachedCount: result.reachedCount,
            maxNodes: HYBRID_MAX_NODES,
            truncated: result.truncated,
          },
        );
      },
    },
    {
      method: 'get',
      path: '/api/rag/index/status',
      access: { workspace: 'required', scope: 'read:nodes' },
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        sendData(res, 200, await deps.indexStatus(workspaceId));
      },
    },
  ];
}
