import type { Query } from '../../../src/cypher/ast';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../src/cypher/index';

const NOW = Date.parse('2026-02-01T00:00:00.000Z');

function prepared(query: string) {
  return prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, NOW);
}

function kinds(query: Query): string[] {
  return query.clauses.map((c) => c.kind);
}

describe('aggregates inside list expressions (computed in a projection of their own)', () => {
  it.each([
    ['UNWIND [1, 2] AS x RETURN size(collect(x)) AS n, count(*) * 2 AS c', ['unwind', 'return']],
    [
      'UNWIND [1, 2] AS x WITH collect(x) AS xs RETURN any(y IN xs WHERE y > 1) AS b',
      ['unwind', 'with', 'return'],
    ],
    ['MATCH (n) RETURN n.entityType AS t, collect(n.id)[0] AS first', ['match', 'return']],
  ])('leaves %s as written (no aggregate inside a list expression)', (text, clauses) => {
    expect(kinds(prepared(text).query)).toEqual(clauses);
  });

  it('splits one that has them: grouping keys and aggregates first, the same columns after', () => {
    const analyzed = prepared(
      "MATCH (n) RETURN DISTINCT n.entityType, any(s IN collect(n.status) WHERE s = 'on') AS anyOn ORDER BY n.entityType SKIP 1 LIMIT 2",
    );
    expect(kinds(analyzed.query)).toEqual(['match', 'with', 'return']);
    expect(analyzed.columns.map((c) => c.name)).toEqual(['n.entityType', 'anyOn']);
    const [, first, second] = analyzed.query.clauses;
    if (first?.kind !== 'with' || second?.kind !== 'return') {
      throw new Error('expected WITH then RETURN');
    }
    expect(first.projection.items.map((i) => i.expr.kind)).toEqual(['prop', 'call']);
    expect(first.projection).toMatchObject({
      distinct: false,
      skip: null,
      limit: null,
      orderBy: [],
    });
    expect(second.projection).toMatchObject({ distinct: true, skipCount: 1, limitCount: 2 });
    // The sort key, written as the grouping expression, is the first column.
    expect(second.projection.orderBy[0]?.item).toBe(0);
  });

  it('reports a mistake where the analyst wrote it, before any split', () => {
    expect(() =>
      prepared('MATCH (n:Pump) RETURN any(x IN collect(n.rpm) WHERE x > n.rpm) AS b'),
    ).toThrow(/n is used beside an aggregation without being a grouping key.*column 57/);
  });

  it('does not count the added step towards the clause limit', () => {
    const text = `MATCH (n) ${'WITH n '.repeat(30)}RETURN any(y IN collect(n.id) WHERE y = 'p1') AS b`;
    expect(prepared(text).query.clauses).toHaveLength(33);
    expect(() => prepared(`MATCH (n) ${'WITH n '.repeat(31)}RETURN 1 AS one`)).toThrow(
      /at most 32 clauses/,
    );
  });
});
