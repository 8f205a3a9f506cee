import {
  DEFAULT_CYPHER_LIMITS,
  prepareCypher,
  type AnalyzedQuery,
} from '../../../src/cypher/index';

/** A fixed clock: the analyser reads it for temporal constants only. */
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** Parses and analyses `query` with the documented limits, as the endpoint does. */
export function prepare(query: string, parameters: Record<string, unknown> = {}): AnalyzedQuery {
  return prepareCypher(query, parameters, DEFAULT_CYPHER_LIMITS, NOW);
}

/** The error `prepare` throws for `query` (failing the test when it throws none). */
export function refusal(query: string, parameters: Record<string, unknown> = {}): unknown {
  try {
    prepare(query, parameters);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}
