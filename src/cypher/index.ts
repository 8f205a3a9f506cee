import { analyzeQuery, type AnalyzedQuery, type AnalyzeLimits } from './analyze';
import { CypherLimitError } from './errors';
import { hoistingNeeded, hoistNestedAggregates } from './hoist-aggregates';
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
  const analyzed = analyzeQuery(
    parseCypher(text, limits.maxNesting),
    parameters,
    limits,
    nowMillis,
  );
  if (!hoistingNeeded(analyzed.query)) {
    return analyzed;
  }
  // Aggregates inside list expressions are computed in a projection of their own first
  // (hoist-aggregates.ts): one more clause for each projection split, which the analyst's
  // clause limit does not count.
  const hoisted = hoistNestedAggregates(analyzed.query);
  const added = hoisted.clauses.length - analyzed.query.clauses.length;
  return analyzeQuery(
    hoisted,
    parameters,
    { ...limits, maxClauses: limits.maxClauses + added },
    nowMillis,
  );
}

export type { AnalyzedQuery, Column } from './analyze';
