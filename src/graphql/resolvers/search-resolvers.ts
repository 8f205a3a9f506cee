import { z } from 'zod';
import { parseInput } from '../../parse-input';
import type { Fusion } from '../../search/fusion';
import * as searchInputs from '../../search/inputs';
import type { IndexStatus } from '../../search/indexer';
import type { SearchService } from '../../search/search-service';
import { requireScope } from '../context';
import { asArguments } from '../errors';
import { withoutNulls, type ResolverMap } from './inputs';

/** GraphQL has typed the values already; these are the REST rules (src/search/inputs.ts). */
const fusionArg = z
  .object({
    method: z.enum(['RRF', 'WEIGHTED']),
    k: searchInputs.rrfK.optional(),
    alpha: searchInputs.weightedAlpha.optional(),
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
      ? { method: 'rrf', k: f.k ?? searchInputs.DEFAULT_RRF_K }
      : { method: 'weighted', alpha: f.alpha ?? searchInputs.DEFAULT_ALPHA },
  );

const searchSchema = z.object(searchInputs.searchFields);
const hybridSchema = z.object({
  ...searchInputs.searchFields,
  ...searchInputs.hybridFields,
  fusion: fusionArg.default({ method: 'rrf', k: searchInputs.DEFAULT_RRF_K }),
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
