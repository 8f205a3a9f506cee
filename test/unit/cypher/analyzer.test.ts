import { prepare, refusal } from './prepare';

/** What a client is told: the 400's code, message (with the place) and details. */
const told = (code: string, message: string, details: Record<string, unknown>) => ({
  status: 400,
  code,
  message,
  details,
});

describe('Cypher analyser: what it refuses, and where', () => {
  it.each([
    [
      'MATCH (n) RETURN m',
      told('CYPHER_SEMANTIC_ERROR', 'Variable m is not defined (line 1, column 18)', {
        line: 1,
        column: 18,
      }),
    ],
    [
      'MATCH (n) RETURN n.a AS a, count(*) AS c ORDER BY n.b',
      told('CYPHER_SEMANTIC_ERROR', 'Variable n is not defined (line 1, column 51)', {
        line: 1,
        column: 51,
      }),
    ],
    [
      'MATCH (n) WHERE count(n) > 1 RETURN n',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'count() aggregates and cannot be used here (line 1, column 17)',
        {
          line: 1,
          column: 17,
        },
      ),
    ],
    [
      'MATCH (n) RETURN count(count(n)) AS c',
      told('CYPHER_SEMANTIC_ERROR', 'Aggregations cannot be nested (line 1, column 24)', {
        line: 1,
        column: 24,
      }),
    ],
    [
      'MATCH (a) RETURN toUpper(DISTINCT a.name) AS x',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'DISTINCT applies to aggregations, not toupper() (line 1, column 18)',
        {
          line: 1,
          column: 18,
        },
      ),
    ],
    [
      'MATCH (n) WITH n.a + 1 RETURN 1 AS x',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'Expressions in WITH must be aliased (use AS) (line 1, column 16)',
        {
          line: 1,
          column: 16,
        },
      ),
    ],
    [
      'MATCH (n)',
      told('CYPHER_SEMANTIC_ERROR', 'A query must end with RETURN (line 1, column 1)', {
        line: 1,
        column: 1,
      }),
    ],
    [
      'RETURN 1 AS x, 2 AS x',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'The column x appears twice; rename one with AS (line 1, column 16)',
        {
          line: 1,
          column: 16,
        },
      ),
    ],
    [
      'MATCH (n) UNWIND [1] AS n RETURN n',
      told('CYPHER_SEMANTIC_ERROR', 'n is already defined (line 1, column 11)', {
        line: 1,
        column: 11,
      }),
    ],
    [
      'MATCH (a)-[r]->(b), (c)-[r]->(d) RETURN a',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'r is already defined; relationship and path variables cannot be reused (line 1, column 24)',
        { line: 1, column: 24 },
      ),
    ],
    [
      'MATCH (a) WHERE (a)-[:T]->(z) RETURN a',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'A pattern predicate cannot introduce the variable z; use EXISTS { } for that (line 1, column 27)',
        { line: 1, column: 27 },
      ),
    ],
  ])('variables, aggregation and projections: %s', (query, expected) => {
    expect(refusal(query)).toMatchObject(expected);
  });

  it.each([
    [
      'UNWIND 1 AS x RETURN x',
      told('CYPHER_SEMANTIC_ERROR', 'UNWIND needs a list (line 1, column 8)', {
        line: 1,
        column: 8,
      }),
    ],
    [
      'MATCH (n) WHERE 1 RETURN n',
      told('CYPHER_SEMANTIC_ERROR', 'WHERE needs a boolean, not an integer (line 1, column 17)', {
        line: 1,
        column: 17,
      }),
    ],
    [
      'MATCH (n) RETURN n.a AND 1 AS x',
      told('CYPHER_SEMANTIC_ERROR', 'AND needs a boolean, not an integer (line 1, column 26)', {
        line: 1,
        column: 26,
      }),
    ],
    [
      'MATCH (n) WHERE n.name STARTS WITH 1 RETURN n',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'STARTS WITH needs strings, not an integer (line 1, column 36)',
        {
          line: 1,
          column: 36,
        },
      ),
    ],
    [
      'RETURN toUpper(1) AS x',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'toupper() needs a string, not an integer (line 1, column 16)',
        {
          line: 1,
          column: 16,
        },
      ),
    ],
    [
      'RETURN toUpper(1, 2) AS x',
      told('CYPHER_SEMANTIC_ERROR', 'toupper() takes 1 argument(s) (line 1, column 8)', {
        line: 1,
        column: 8,
      }),
    ],
    [
      'RETURN $missing AS x',
      told('CYPHER_SEMANTIC_ERROR', 'The parameter $missing is missing (line 1, column 8)', {
        line: 1,
        column: 8,
      }),
    ],
    [
      'MATCH (n) RETURN n LIMIT -1',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'LIMIT takes a non-negative integer (a literal or a parameter) (line 1, column 26)',
        { line: 1, column: 26 },
      ),
    ],
    [
      "MATCH (n) RETURN n SKIP 'a'",
      told(
        'CYPHER_SEMANTIC_ERROR',
        'SKIP takes a non-negative integer (a literal or a parameter) (line 1, column 25)',
        { line: 1, column: 25 },
      ),
    ],
    [
      'MATCH (n) WHERE n.`bad key!` = 1 RETURN n',
      told(
        'CYPHER_SEMANTIC_ERROR',
        '"bad key!" is not a property key (letters, digits and _, at most 64) (line 1, column 17)',
        { line: 1, column: 17 },
      ),
    ],
    [
      'MATCH p = shortestPath((a)-[*2..3]->(b)) RETURN p',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'A shortest path starts at 0 or 1 hops (*..5 or *0..5) (line 1, column 27)',
        { line: 1, column: 27 },
      ),
    ],
    [
      'MATCH p = shortestPath((a)-[*..3]->(b)-->(c)) RETURN p',
      told(
        'CYPHER_SEMANTIC_ERROR',
        'shortestPath() and allShortestPaths() take a pattern of one relationship (line 1, column 7)',
        { line: 1, column: 7 },
      ),
    ],
  ])('types and arguments: %s', (query, expected) => {
    expect(refusal(query)).toMatchObject(expected);
  });

  it.each([
    ['MATCH (n) SET n.a = 1 RETURN n', 'SET', 11],
    ['CREATE (n) RETURN n', 'CREATE', 1],
    ['MATCH (n) DELETE n', 'DELETE', 11],
    ['MERGE (n:Pump) RETURN n', 'MERGE', 1],
  ])('refuses the write clause of %s', (query, construct, column) => {
    expect(refusal(query)).toMatchObject(
      told(
        'CYPHER_UNSUPPORTED',
        `${construct} is not supported: the endpoint is read-only (line 1, column ${column})`,
        { construct, line: 1, column },
      ),
    );
  });

  it.each([
    [
      "MATCH (n) WHERE n.workspaceId = 'x' RETURN n",
      told(
        'CYPHER_UNSUPPORTED',
        'workspaceId cannot be read or matched: every query reads the workspace of the request only (line 1, column 17)',
        { construct: 'workspaceId', line: 1, column: 17 },
      ),
    ],
    [
      'MATCH (n:_Workspace) RETURN n',
      told(
        'CYPHER_UNSUPPORTED',
        "The label _Workspace is not available: names starting with _ belong to the service's own records (line 1, column 7)",
        { construct: 'system label', line: 1, column: 7 },
      ),
    ],
    [
      'RETURN nosuch(1) AS x',
      told('CYPHER_UNSUPPORTED', 'The function nosuch() is not supported (line 1, column 8)', {
        construct: 'nosuch()',
        line: 1,
        column: 8,
      }),
    ],
    [
      'MATCH (n) RETURN n[0] AS x',
      told(
        'CYPHER_UNSUPPORTED',
        'Indexing a node is not supported; only lists can be indexed (line 1, column 18)',
        { construct: 'dynamic property', line: 1, column: 18 },
      ),
    ],
  ])("the service's own records and what the subset leaves out: %s", (query, expected) => {
    expect(refusal(query)).toMatchObject(expected);
  });

  it.each([
    [
      'MATCH (a)-[*]->(b) RETURN a',
      told(
        'CYPHER_LIMIT_EXCEEDED',
        'A variable-length relationship needs an upper bound of at most 5 hops (write *..5) (line 1, column 10)',
        { limit: 'hops', max: 5, line: 1, column: 10 },
      ),
    ],
    [
      'MATCH (a)-[*1..9]->(b) RETURN a',
      told(
        'CYPHER_LIMIT_EXCEEDED',
        'A variable-length relationship may span at most 5 hops, not 9 (line 1, column 10)',
        { limit: 'hops', max: 5, line: 1, column: 10 },
      ),
    ],
    [
      `MATCH (a)${'-->()'.repeat(12)} RETURN a`,
      told(
        'CYPHER_LIMIT_EXCEEDED',
        'A pattern may hold at most 12 nodes; this one has 13 (line 1, column 7)',
        { limit: 'patternNodes', max: 12, line: 1, column: 7 },
      ),
    ],
  ])('limits: %s', (query, expected) => {
    expect(refusal(query)).toMatchObject(expected);
  });
});

describe('Cypher analyser: what it annotates', () => {
  it("types the columns (a node's name is a string)", () => {
    expect(
      prepare("MATCH (n) RETURN n, n.name AS name, count(*) AS c, 'a' + 'b' AS s").columns,
    ).toEqual([
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
