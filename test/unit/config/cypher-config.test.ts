import { loadConfig } from '../../../src/config/load-config';
import { configProblems } from '../../support/config-problems';

describe('Cypher configuration', () => {
  it('keeps up to a million nodes and relationships in memory per query thread by default', () => {
    expect(loadConfig({}).cypher).toEqual({
      timeoutMs: 5_000,
      maxRows: 1_000,
      maxHops: 5,
      maxShortestPathNodes: 200_000,
      threads: 2,
      graphCacheRecords: 1_000_000,
    });
  });

  it('takes 0 (no in-memory graph) up to 50,000,000 for CYPHER_GRAPH_CACHE_RECORDS', () => {
    expect(loadConfig({ CYPHER_GRAPH_CACHE_RECORDS: '0' }).cypher.graphCacheRecords).toBe(0);
    expect(loadConfig({ CYPHER_GRAPH_CACHE_RECORDS: '50000000' }).cypher.graphCacheRecords).toBe(
      50_000_000,
    );
    expect(configProblems({ CYPHER_GRAPH_CACHE_RECORDS: '-1' })).toEqual([
      'CYPHER_GRAPH_CACHE_RECORDS: CYPHER_GRAPH_CACHE_RECORDS must not be negative',
    ]);
    expect(configProblems({ CYPHER_GRAPH_CACHE_RECORDS: '50000001' })).toEqual([
      'CYPHER_GRAPH_CACHE_RECORDS: CYPHER_GRAPH_CACHE_RECORDS must be at most 50000000',
    ]);
    expect(configProblems({ CYPHER_GRAPH_CACHE_RECORDS: '1e6' })).toEqual([
      'CYPHER_GRAPH_CACHE_RECORDS: CYPHER_GRAPH_CACHE_RECORDS must be a number',
    ]);
  });
});
