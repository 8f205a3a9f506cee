import type { RequestHandler } from 'express';
import { z } from 'zod';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import { InsufficientScopeError } from '../../errors';
import { DEFAULT_ALPHA, DEFAULT_RRF_K } from '../../search/fusion';
import type { IndexStatus } from '../../search/indexer';
import { HYBRID_MAX_NODES, MAX_TOP_K, type SearchService } from '../../search/search-service';
import { sendData } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../validate';

/** Longest query accepted (the default model reads a few hundred words at most). */
const MAX_QUERY_LENGTH = 2000;

const typeName = (what: string) =>
  z.string().regex(TYPE_NAME_PATTERN, `${what} must be a valid type name`);

const searchFields = {
  query: z
    .string({ message: 'query must be a string' })
    .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`)
    .refine((q) => q.trim().length > 0, 'query must not be empty'),
  topK: z
    .number({ message: 'topK must be a number' })
    .int('topK must be an integer')
    .min(1, `topK must be 1..${MAX_TOP_K}`)
    .max(MAX_TOP_K, `topK must be 1..${MAX_TOP_K}`)
    .default(10),
  entityType: typeName('entityType').optional(),
  minScore: z
    .number({ message: 'minScore must be a number' })
    .min(-1, 'minScore must be -1..1')
    .max(1, 'minScore must be -1..1')
    .optional(),
};

const searchBody = z.object(searchFields).strict();

const fusionBody = z.discriminatedUnion(
  'method',
  [
    z
      .object({
        method: z.literal('rrf'),
        k: z
          .number({ message: 'k must be a number' })
          .int('k must be an integer')
          .min(1, 'k must be 1..1000')
          .max(1000, 'k must be 1..1000')
          .default(DEFAULT_RRF_K),
      })
      .strict(),
    z
      .object({
        method: z.literal('weighted'),
        alpha: z
          .number({ message: 'alpha must be a number' })
          .min(0, 'alpha must be 0..1')
          .max(1, 'alpha must be 0..1')
          .default(DEFAULT_ALPHA),
      })
      .strict(),
  ],
  { message: 'fusion.method must be rrf or weighted' },
);

const hybridBody = z
  .object({
    ...searchFields,
    depth: z
      .number({ message: 'depth must be a number' })
      .int('depth must be an integer')
      .min(0, 'depth must be 0..3')
      .max(3, 'depth must be 0..3')
      .default(1),
    relationshipTypes: z
      .array(typeName('each relationship type'), { message: 'relationshipTypes must be an array' })
      .max(50, 'at most 50 relationship types')
      .default([]),
    fusion: fusionBody.default({ method: 'rrf', k: DEFAULT_RRF_K }),
  })
  .strict();

/** Hybrid search returns edges too: it needs read:edges besides the route's read:nodes. */
const alsoReadEdges: RequestHandler = (req, _res, next) => {
  if (!req.ctx.scopes?.includes('read:edges')) {
    throw new InsufficientScopeError('read:edges');
  }
  next();
};

/** Semantic and hybrid search, and the index status (issue 8, docs/search.md). */
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
