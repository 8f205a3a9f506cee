import { prepare, refusal } from './prepare';

/**
 * What a client is told for a query of one line: the 400's code, the message with the place
 * appended, and the place (and more) in `details`.
 */
const told = (code: string, message: string, column: number, details = {}) => ({
  status: 400,
  code,
  message: `${message} (line 1, column ${column})`,
  details: { ...details, line: 1, column },
});

describe('Cypher analyser: what it refuses, and where', () => {
  it.each([
    ['MATCH (n) RETURN m', 'Variable m is not defined', 18],
    ['MATCH (n) RETURN n.a AS a, count(*) AS c ORDER BY n.b', 'Variable n is not defined', 51],
    ['MATCH (n) WHERE count(n) > 1 RETURN n', 'count() aggregates and cannot be used here', 17],
    ['MATCH (n) RETURN count(count(n)) AS c', 'Aggregations cannot be nested', 24],
    [
      'MATCH (a) RETURN toUpper(DISTINCT a.name) AS x',
      'DISTINCT applies to aggregations, not toupper()',
      18,
    ],
    ['MATCH (n) WITH n.a + 1 RETURN 1 AS x', 'Expressions in WITH must be aliased (use AS)', 16],
    ['MATCH (n)', 'A query must end with RETURN', 1],
    ['RETURN 1 AS x, 2 AS x', 'The column x appears twice; rename one with AS', 16],
    ['MATCH (n) UNWIND [1] AS n RETURN n', 'n is already defined', 11],
    [
      'MATCH (a)-[r]->(b), (c)-[r]->(d) RETURN a',
      'r is already defined; relationship and path variables cannot be reused',
      24,
    ],
    [
      'MATCH (a) WHERE (a)-[:T]->(z) RETURN a',
      'A pattern predicate cannot introduce the variable z; use EXISTS { } for that',
      27,
    ],
  ])('variables, aggregation and projections: %s', (query, message, column) => {
    expect(refusal(query)).toMatchObject(told('CYPHER_SEMANTIC_ERROR', message, column));
  });

  it.each([
    ['UNWIND 1 AS x RETURN x', 'UNWIND needs a list', 8],
    ['MATCH (n) WHERE 1 RETURN n', 'WHERE needs a boolean, not an integer', 17],
    ['MATCH (n) RETURN n.a AND 1 AS x', 'AND needs a boolean, not an integer', 26],
    [
      'MATCH (n) WHERE n.name STARTS WITH 1 RETURN n',
      'STARTS WITH needs strings, not an integer',
      36,
    ],
    ['RETURN toUpper(1) AS x', 'toupper() needs a string, not an integer', 16],
    ['RETURN toUpper(1, 2) AS x', 'toupper() takes 1 argument(s)', 8],
    ['RETURN $missing AS x', 'The parameter $missing is missing', 8],
    [
      'MATCH (n) RETURN n LIMIT -1',
      'LIMIT takes a non-negative integer (a literal or a parameter)',
      26,
    ],
    [
      "MATCH (n) RETURN n SKIP 'a'",
      'SKIP takes a non-negative integer (a literal or a parameter)',
      25,
    ],
    [
      'MATCH (n) WHERE n.`bad key!` = 1 RETURN n',
      '"bad key!" is not a property key (letters, digits and _, at most 64)',
      17,
    ],
    [
      'MATCH p = shortestPath((a)-[*2..3]->(b)) RETURN p',
      'A shortest path starts at 0 or 1 hops (*..5 or *0..5)',
      27,
    ],
    [
      'MATCH p = shortestPath((a)-[*..3]->(b)-->(c)) RETURN p',
      'shortestPath() and allShortestPaths() take a pattern of one relationship',
      7,
    ],
  ])('types and arguments: %s', (query, message, column) => {
    expect(refusal(query)).toMatchObject(told('CYPHER_SEMANTIC_ERROR', message, column));
  });

  it.each([
    ['MATCH (n) SET n.a = 1 RETURN n', 'SET', 11],
    ['CREATE (n) RETURN n', 'CREATE', 1],
    ['MATCH (n) DELETE n', 'DELETE', 11],
    ['MERGE (n:Pump) RETURN n', 'MERGE', 1],
  ])('refuses the write clause of %s', (query, construct, column) => {
    const message = `${construct} is not supported: the endpoint is read-only`;
    expect(refusal(query)).toMatchObject(
      told('CYPHER_UNSUPPORTED', message, column, { construct }),
    );
  });

  it.each([
    [
      "MATCH (n) WHERE n.workspaceId = 'x' RETURN n",
      'workspaceId',
      'workspaceId cannot be read or matched: every query reads the workspace of the request only',
      17,
    ],
    [
      'MATCH (n:_Workspace) RETURN n',
      'system label',
      "The label _Workspace is not available: names starting with _ belong to the service's own records",
      7,
    ],
    ['RETURN nosuch(1) AS x', 'nosuch()', 'The function nosuch() is not supported', 8],
    [
      'MATCH (n) RETURN n[0] AS x',
      'dynamic property',
      'Indexing a node is not supported; only lists can be indexed',
      18,
    ],
  ])(
    "the service's own records and what the subset leaves out: %s",
    (query, construct, message, column) => {
      expect(refusal(query)).toMatchObject(
        told('CYPHER_UNSUPPORTED', message, column, { construct }),
      );
    },
  );

  it.each([
    [
      'MATCH (a)-[*]->(b) RETURN a',
      'hops',
      'A variable-length relationship needs an upper bound of at most 5 hops (write *..5)',
      10,
    ],
    [
      'MATCH (a)-[*1..9]->(b) RETURN a',
      'hops',
      'A variable-length relationship may span at most 5 hops, not 9',
      10,
    ],
    [
      `MATCH (a)${'-->()'.repeat(12)} RETURN a`,
      'patternNodes',
      'A pattern may hold at most 12 nodes; this one has 13',
      7,
    ],
  ])('limits: %s', (query, limit, message, column) => {
    const max = limit === 'hops' ? 5 : 12;
    expect(refusal(query)).toMatchObject(
      told('CYPHER_LIMIT_EXCEEDED', message, column, { limit, max }),
    );
  });
});

describe('Cypher analyser: what it annotates', () => {
  it("types the columns (a node's name is a string)", () => {
    const { columns } = prepare(
      "MATCH (n) RETURN n, n.name AS name, count(*) AS c, 'a' + 'b' AS s",
    );
    expect(columns).toEqual([
      { name: 'n', type: { kind: 'node' } },
      { name: 'name', type: { kind: 'string' } },
      { name: 'c', type: { kind: 'integer' } },
      { name: 's', type: { kind: 'string' } },
    ]);
  });

  it('reads SKIP and LIMIT from parameters, and marks variables bound by an earlier clause', () => {
    const { query } = prepare('MATCH (a) MATCH (a)-[r]->(b) RETURN b SKIP $s LIMIT $l', {
      s: 1,
      l: 2,
    });
    const [first, second, last] = query.clauses;
    expect(first?.kind === 'match' && first.patterns[0]!.element.nodes[0]!.bound).toBe(false);
    expect(
      second?.kind === 'match' && second.patterns[0]!.element.nodes.map((n) => n.bound),
    ).toEqual([true, false]);
    expect(
      last?.kind === 'return' && [last.projection.skipCount, last.projection.limitCount],
    ).toEqual([1, 2]);
  });

  it('lets 1 < a string through (null at run time, as in Neo4j)', () => {
    expect(prepare("RETURN 1 < 'a' AS x").columns).toEqual([
      { name: 'x', type: { kind: 'boolean' } },
    ]);
  });
});
