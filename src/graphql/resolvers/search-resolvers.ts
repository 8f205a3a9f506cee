import { z } from 'zod';
import { TYPE_NAME_PATTERN } from '../../domain/properties';
import { parseInput } from '../../http/validate';
import { DEFAULT_ALPHA, DEFAULT_RRF_K, type Fusion } from '../../search/fusion';
import type { IndexStatus } from '../../search/indexer';
import { MAX_TOP_K, type SearchService } from '../../search/search-service';
import { requireScope } from '../context';
import { asArguments } from '../errors';
import { withoutNulls, type ResolverMap } from './inputs';

/** The longest query accepted, as POST /api/rag/search. */
const MAX_QUERY_LENGTH = 2000;

/**
 * The rules of the REST search bodies (src/http/routes/rag.ts), for the GraphQL arguments:
 * GraphQL has typed the values already; these are the ranges and patterns.
 */
const typeName = (what: string) =>
  z.string().regex(TYPE_NAME_PATTERN, `${what} must be a valid type name`);

const searchArgs = {
  query: z
    .string()
    .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`)
    .refine((q) => q.trim().length > 0, 'query must not be empty'),
  topK: z
    .number()
    .int()
    .min(1, `topK must be 1..${MAX_TOP_K}`)
    .max(MAX_TOP_K, `topK must be 1..${MAX_TOP_K}`)
    .default(10),
  entityType: typeName('entityType').optional(),
  minScore: z
    .number()
    .min(-1, 'minScore must be -1..1')
    .max(1, 'minScore must be -1..1')
    .optional(),
};

const fusionArg = z
  .object({
    method: z.enum(['RRF', 'WEIGHTED']),
    k: z.number().int().min(1, 'k must be 1..1000').max(1000, 'k must be 1..1000').optional(),
    alpha: z.number().min(0, 'alpha must be 0..1').max(1, 'alpha must be 0..1').optional(),
  })
  .refine((f) => f.method === 'RRF' || f.k === undefined, {
    message: 'k applies to RRF only',
    path: ['k'],
  })
  .refine((f) => f.method === 'WEIGHTED' || f.alpha === undefined, {
    message: 'alpha applies to WEIGHTED only',
    path: ['alpha'],
  })
  .transform((f): Fusion =>
    f.method === 'RRF'
      ? { method: 'rrf', k: f.k ?? DEFAULT_RRF_K }
      : { method: 'weighted', alpha: f.alpha ?? DEFAULT_ALPHA },
  );

const searchSchema = z.object(searchArgs);
const hybridSchema = z.object({
  ...searchArgs,
  depth: z.number().int().min(0, 'depth must be 0..3').max(3, 'depth must be 0..3').default(1),
  relationshipTypes: z
    .array(typeName('each relationship type'))
    .max(50, 'at most 50 relationship types')
    .default([]),
  fusion: fusionArg.default({ method: 'rrf', k: DEFAULT_RRF_K }),
});

/**
 * Semantic and hybrid search and the index status (the /api/rag routes), through the same
 * SearchService. Hybrid search returns edges, so it needs read:edges besides read:nodes,
 * as its REST route.
 */
export function searchResolvers(deps: {
  search: SearchService;
  indexStatus: (workspaceId: string) => Promise<IndexStatus>;
}): ResolverMap {
  return {
    Query: {
      search: (_root, args: Record<string, unknown>, ctx) => {
        requireScope(ctx, 'read:nodes');
        const request = asArguments(() => parseInput(searchSchema, withoutNulls(args), 'body'));
        return deps.search.search(ctx.workspaceId, request);
      },
      hybridSearch: (_root, args: Record<string, unknown>, ctx) => {
        requireScope(ctx, 'read:nodes');
        requireScope(ctx, 'read:edges');
        const request = asArguments(() => parseInput(hybridSchema, withoutNulls(args), 'body'));
        return deps.search.hybridSearch(ctx.workspaceId, request);
      },
      searchIndexStatus: (_root, _args: unknown, ctx) => {
        requireScope(ctx, 'read:nodes');
        return deps.indexStatus(ctx.workspaceId);
      },
    },
  };
}
