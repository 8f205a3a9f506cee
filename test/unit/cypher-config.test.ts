import { ConfigError, loadConfig } from '../../src/config/load-config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems;
    }
    throw error;
  }
  return [];
}

describe('Cypher configuration', () => {
  it('keeps up to a million nodes and relationships in memory per query thread by default', () => {
    expect(loadConfig({}).cypher).toEqual({
      timeoutMs: 5_000,
      maxRows: 1_000,
      maxHops: 5,
      threads: 2,
      graphCacheRecords: 1_000_000,
    });
  });

  it('takes 0 (no in-memory graph) up to 50,000,000 for CYPHER_GRAPH_CACHE_RECORDS', () => {
    expect(loadConfig({ CYPHER_GRAPH_CACHE_RECORDS: '0' }).cypher.graphCacheRecords).toBe(0);
    expect(loadConfig({ CYPHER_GRAPH_CACHE_RECORDS: '50000000' }).cypher.graphCacheRecords).toBe(
      50_000_000,
    );
    expect(problems({ CYPHER_GRAPH_CACHE_RECORDS: '-1' })).toEqual([
      'CYPHER_GRAPH_CACHE_RECORDS: CYPHER_GRAPH_CACHE_RECORDS must not be negative',
    ]);
    expect(problems({ CYPHER_GRAPH_CACHE_RECORDS: '50000001' })).toEqual([
      'CYPHER_GRAPH_CACHE_RECORDS: CYPHER_GRAPH_CACHE_RECORDS must be at most 50000000',
    ]);
    expect(problems({ CYPHER_GRAPH_CACHE_RECORDS: '1e6' })).toEqual([
      'CYPHER_GRAPH_CACHE_RECORDS: CYPHER_GRAPH_CACHE_RECORDS must be a number',
    ]);
  });
});
