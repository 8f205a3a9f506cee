import { analyzeQuery, type AnalyzedQuery, type AnalyzeLimits } from './analyze';
import { CypherLimitError } from './errors';
import { parseCypher } from './parser';

/** Every limit on a query's text and shape (docs/cypher.md, "Limits"). */
export interface CypherLimits extends AnalyzeLimits {
  /** Most characters of query text. */
  maxQueryLength: number;
  /** Deepest nesting of expressions (parentheses, lists, maps, calls, subqueries). */
  maxNesting: number;
}

/** The documented defaults; CYPHER_MAX_HOPS changes `maxHops`. */
export const DEFAULT_CYPHER_LIMITS: CypherLimits = {
  maxQueryLength: 10_000,
  maxNesting: 20,
  maxClauses: 32,
  maxHops: 5,
  maxPatternNodes: 12,
  maxPatternRelationships: 10,
};

/**
 * Parses and checks an analyst's query: the one entry point to the language. Throws a
 * 400 (CYPHER_SYNTAX_ERROR, CYPHER_SEMANTIC_ERROR, CYPHER_UNSUPPORTED or
 * CYPHER_LIMIT_EXCEEDED) naming what is wrong and where.
 */
export function prepareCypher(
  text: string,
  parameters: Readonly<Record<string, unknown>>,
  limits: CypherLimits,
  nowMillis: number,
): AnalyzedQuery {
  if (text.length > limits.maxQueryLength) {
    throw new CypherLimitError(
      'queryLength',
      limits.maxQueryLength,
      `A query may be at most ${limits.maxQueryLength} characters long; this one has ${text.length}`,
    );
  }
  return analyzeQuery(parseCypher(text, limits.maxNesting), parameters, limits, nowMillis);
}

export type { AnalyzedQuery, Column } from './analyze';
