import { compileToSql } from '../../src/adapters/sqlite/cypher/compile-query';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../src/cypher/index';

const sqlOf = (query: string) =>
  compileToSql(prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, Date.now()), {
    workspaceId: 'ws',
    indexedKeys: new Set(),
    rowLimit: 100,
  }).sql;

const fromCounters = (query: string) => !/graph_nodes|graph_edges/.test(sqlOf(query));

describe('whole counts from the kept counters (SQLite Cypher)', () => {
  it.each([
    'MATCH (n) RETURN count(n)',
    'MATCH (n:Entity) RETURN count(*) AS c',
    'MATCH (n:Pump) RETURN count(n) AS a, count(*) AS b',
    'MATCH (n:Pump:Pump) RETURN count(n)',
    'MATCH ()-[r]->() RETURN count(r)',
    'MATCH (a)<-[r:FEEDS|FLOWS_TO]-(b) RETURN count(a) AS c',
    'match (n) return COUNT(*)',
    'MATCH ()-[r]-() RETURN count(r)',
    'MATCH (a)-[r:LINKS]-(b) RETURN count(*)',
  ])('reads %s from the counters', (query) => {
    expect(fromCounters(query)).toBe(true);
  });

  it.each([
    ['a condition', 'MATCH (n:Pump) WHERE n.rpm > 1 RETURN count(n)'],
    ['a property map', 'MATCH (n:Pump {site: "north"}) RETURN count(n)'],
    ['two different labels', 'MATCH (n:Pump:Tank) RETURN count(n)'],
    ['DISTINCT', 'MATCH (a)-[r]->(b) RETURN count(DISTINCT a)'],
    ['a counted property', 'MATCH (n) RETURN count(n.rpm)'],
    ['another aggregate beside', 'MATCH (n) RETURN count(n), collect(n.id)'],
    ['a grouping key', 'MATCH (n) RETURN n.entityType, count(*)'],
    ['one node at both ends (self-loops only)', 'MATCH (a)-[r]->(a) RETURN count(r)'],
    ['a label on an end', 'MATCH (a:Pump)-[r]->() RETURN count(r)'],
    ['a variable length', 'MATCH ()-[r*1..2]->() RETURN count(*)'],
    ['two hops', 'MATCH ()-[r]->()-[s]->() RETURN count(*)'],
    ['two patterns', 'MATCH (a), (b) RETURN count(*)'],
    ['OPTIONAL MATCH', 'OPTIONAL MATCH (n:Pump) RETURN count(n)'],
    ['a named path', 'MATCH p = ()-[r]->() RETURN count(p)'],
    ['LIMIT', 'MATCH (n) RETURN count(n) LIMIT 1'],
    ['a later clause', 'MATCH (n) WITH count(n) AS c RETURN c'],
  ])('counts the records when the query has %s', (_what, query) => {
    expect(fromCounters(query)).toBe(false);
  });

  it('binds the workspace and the types as parameters', () => {
    const compiled = compileToSql(
      prepareCypher('MATCH ()-[r:FEEDS]->() RETURN count(r) AS c', {}, DEFAULT_CYPHER_LIMITS, 0),
      { workspaceId: "ws' OR 1=1", indexedKeys: new Set(), rowLimit: 100 },
    );
    expect(compiled.sql).not.toContain('FEEDS');
    expect(compiled.sql).not.toContain("ws'");
    expect(Object.values(compiled.params)).toEqual(
      expect.arrayContaining(["ws' OR 1=1", '["FEEDS"]']),
    );
  });
});
