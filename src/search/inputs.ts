import { z } from 'zod';
import { TYPE_NAME_PATTERN } from '../domain/properties';
import { DEFAULT_ALPHA, DEFAULT_RRF_K } from './fusion';
import { MAX_TOP_K } from './search-service';

/**
 * The rules of search requests, shared by the REST bodies (src/http/routes/rag.ts) and the
 * GraphQL arguments (src/graphql/resolvers/search-resolvers.ts), so both accept and refuse
 * exactly the same values with the same messages.
 */

/** Longest query accepted (the default model reads a few hundred words at most). */
export const MAX_QUERY_LENGTH = 2000;

const typeName = (what: string) =>
  z.string().regex(TYPE_NAME_PATTERN, `${what} must be a valid type name`);

/** Fields of POST /api/rag/search (and of hybrid search). */
export const searchFields = {
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

/** The fields hybrid search adds (fusion is spelled differently by REST and GraphQL). */
export const hybridFields = {
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
};

/** RRF's k. */
export const rrfK = z
  .number({ message: 'k must be a number' })
  .int('k must be an integer')
  .min(1, 'k must be 1..1000')
  .max(1000, 'k must be 1..1000');

/** The weight of the vector score in weighted fusion. */
export const weightedAlpha = z
  .number({ message: 'alpha must be a number' })
  .min(0, 'alpha must be 0..1')
  .max(1, 'alpha must be 0..1');

export { DEFAULT_ALPHA, DEFAULT_RRF_K };
