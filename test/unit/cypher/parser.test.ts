import { outline, shape } from './shape';
import { prepare, refusal } from './prepare';

/** The expression of `RETURN <text> AS x`, in prefix form. */
const expression = (text: string, parameters: Record<string, unknown> = {}) => {
  const clause = prepare(`RETURN ${text} AS x`, parameters).query.clauses[0]!;
  if (clause.kind !== 'return') {
    throw new Error('expected a RETURN');
  }
  return shape(clause.projection.items[0]!.expr);
};

/** The expression of `MATCH (n) RETURN <text> AS x`, with `n` a node. */
const onNode = (text: string) =>
  outline(prepare(`MATCH (n) RETURN ${text} AS x`).query)[1]!.replace(/^return | as x$/g, '');

/** The clauses of `query`, one line each. */
const clauses = (query: string) => outline(prepare(query).query);

describe('Cypher parser: operator precedence', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['10 - 4 - 3', '(- (- 10 4) 3)'],
    ['7 % 4 * 2', '(* (% 7 4) 2)'],
    ['2 ^ 3 ^ 2', '(^ (^ 2 3) 2)'],
    ['-2 ^ 2', '(^ -2 2)'],
    ['- 1 + 2', '(+ -1 2)'],
    ['1 + 2 > 2', '(> (+ 1 2) 2)'],
  ])('arithmetic: %s is %s', (text, expected) => {
    expect(expression(text)).toBe(expected);
  });

  it.each([
    ['1 < 2 < 3', '(and (< 1 2) (< 2 3))'],
    ['1 < 2 = true', '(and (< 1 2) (= 2 true))'],
    ['1 IN [1, 2] = true', '(= (in 1 [1 2]) true)'],
  ])('comparison chains: %s is %s', (text, expected) => {
    expect(expression(text)).toBe(expected);
  });

  it.each([
    ['true OR false AND false', '(or true (and false false))'],
    ['true XOR false OR true', '(or (xor true false) true)'],
    ['NOT true AND false', '(and (not true) false)'],
    ['NOT 1 = 2', '(not (= 1 2))'],
  ])('boolean operators: %s is %s', (text, expected) => {
    expect(expression(text)).toBe(expected);
  });

  it.each([
    [
      "'ab' STARTS WITH 'a' AND 'ab' ENDS WITH 'b'",
      '(and (starts with "ab" "a") (ends with "ab" "b"))',
    ],
    ["'a' + 'b' CONTAINS 'ab'", '(contains (+ "a" "b") "ab")'],
    ['[1, 2, 3][0] + 1', '(+ ([] [1 2 3] 0) 1)'],
    ['$p + 1', '(+ $p 1)'],
    ['{a: 1, b: [2]}', '{a: 1, b: [2]}'],
  ])('string and list operators: %s is %s', (text, expected) => {
    expect(expression(text, { p: 1 })).toBe(expected);
  });

  it.each([
    ['n.a.b', '(. (. n a) b)'],
    ['n.list[1]', '([] (. n list) 1)'],
    ['n.a + 1 > 2', '(> (+ (. n a) 1) 2)'],
    ['n.a IS NULL AND n.b IS NOT NULL', '(and (is-null (. n a)) (is-not-null (. n b)))'],
  ])('property access and indexing: %s is %s', (text, expected) => {
    expect(onNode(text)).toBe(expected);
  });

  it.each([
    ['[x IN [1, 2, 3] WHERE x > 1 | x * 2]', '[x in [1 2 3] where (> x 1) | (* x 2)]'],
    ['all(x IN [1, 2] WHERE x > 0)', '(all x in [1 2] where (> x 0))'],
    ["CASE 1 WHEN 1 THEN 'a' ELSE 'b' END", '(case 1 1->"a" else "b")'],
    ["CASE WHEN 1 > 0 THEN 'a' END", '(case (> 1 0)->"a")'],
  ])('list comprehensions, quantifiers and CASE: %s is %s', (text, expected) => {
    expect(expression(text)).toBe(expected);
  });
});

describe('Cypher parser: clauses', () => {
  it.each([
    ['MATCH (n) WHERE n:Pump RETURN n', ['match (n) where (: n Pump)', 'return n as n']],
    [
      'MATCH (a) OPTIONAL MATCH (a)-[:FEEDS]->(b) RETURN a, b',
      ['match (a)', 'optional match (a)-[:FEEDS]->(b)', 'return a as a, b as b'],
    ],
    [
      "MATCH (a) WITH a.name AS name WHERE name <> 'x' RETURN name",
      ['match (a)', 'with (. a name) as name where (<> name "x")', 'return name as name'],
    ],
    [
      'MATCH (a) RETURN DISTINCT a.name AS name ORDER BY name DESC SKIP 1 LIMIT 2',
      ['match (a)', 'return distinct (. a name) as name order by name desc skip 1 limit 2'],
    ],
    ['UNWIND [1, 2] AS x RETURN x', ['unwind [1 2] as x', 'return x as x']],
    [
      'MATCH (n) RETURN count(DISTINCT n.a) AS c, count(*) AS d',
      ['match (n)', 'return (count distinct (. n a)) as c, (count *) as d'],
    ],
    ['MATCH (n) RETURN *', ['match (n)', 'return n as n']],
  ])('%s', (query, expected) => {
    expect(clauses(query)).toEqual(expected);
  });

  it('names an unaliased column by its text as written', () => {
    const clause = prepare('MATCH (n) RETURN n.name, toUpper(n.name)').query.clauses[1]!;
    expect(clause.kind === 'return' && clause.projection.items.map((i) => i.name)).toEqual([
      'n.name',
      'toUpper(n.name)',
    ]);
  });

  it.each([
    ['MATCH (a)-[r]-(b) RETURN a', 'match (a)-[r]-(b)'],
    ['MATCH (a:Pump)-[r:FEEDS]->(b) RETURN a', 'match (a:Pump)-[r:FEEDS]->(b)'],
    ['MATCH (a)<-[r:FEEDS|FLOWS_TO]-(b) RETURN a', 'match (a)<-[r:FEEDS|FLOWS_TO]-(b)'],
    ['MATCH (a)-[*1..3]->(b) RETURN a', 'match (a)-[*1..3]->(b)'],
    ['MATCH (a)-[*2]->(b) RETURN a', 'match (a)-[*2..2]->(b)'],
    ['MATCH (a)-[*..2]->(b) RETURN a', 'match (a)-[*1..2]->(b)'],
    ['MATCH p = (a)-[:FEEDS]->(b) RETURN p', 'match p = (a)-[:FEEDS]->(b)'],
    [
      'MATCH p = shortestPath((a)-[*..5]->(b)) RETURN p',
      'match p = shortestPath((a)-[*1..5]->(b))',
    ],
    [
      'MATCH p = allShortestPaths((a)-[*..5]->(b)) RETURN p',
      'match p = allShortestPaths((a)-[*1..5]->(b))',
    ],
  ])('pattern %s', (query, expected) => {
    expect(clauses(query)[0]).toBe(expected);
  });

  it.each([
    [
      'MATCH (a) WHERE EXISTS { (a)-[:FEEDS]->() } RETURN a',
      'match (a) where (exists (a)-[:FEEDS]->())',
    ],
    [
      'MATCH (a) WHERE COUNT { (a)-[:FEEDS]->(b) WHERE b.x > 1 } > 0 RETURN a',
      'match (a) where (> (count (a)-[:FEEDS]->(b) where (> (. b x) 1)) 0)',
    ],
    ['MATCH (a) WHERE (a)-[:FEEDS]->() RETURN a', 'match (a) where (pattern (a)-[:FEEDS]->())'],
  ])('subquery and pattern predicate %s', (query, expected) => {
    expect(clauses(query)[0]).toBe(expected);
  });
});

describe('Cypher parser: what it refuses, and where', () => {
  it.each([
    [
      'MATCH (n) RETRN n',
      'CYPHER_SYNTAX_ERROR',
      "Expected MATCH, OPTIONAL MATCH, UNWIND, WITH or RETURN, found 'RETRN' (line 1, column 11)",
      { line: 1, column: 11 },
    ],
    [
      'MATCH (n RETURN n',
      'CYPHER_SYNTAX_ERROR',
      "Expected ')', found 'RETURN' (line 1, column 10)",
      { line: 1, column: 10 },
    ],
    [
      "RETURN 'abc AS x",
      'CYPHER_SYNTAX_ERROR',
      'Unterminated string (line 1, column 8)',
      { line: 1, column: 8 },
    ],
    [
      'MATCH (n) /* open',
      'CYPHER_SYNTAX_ERROR',
      'Unterminated comment (line 1, column 11)',
      { line: 1, column: 11 },
    ],
    [
      'RETURN 1 +',
      'CYPHER_SYNTAX_ERROR',
      'Expected an expression, found the end of the query (line 1, column 11)',
      { line: 1, column: 11 },
    ],
    [
      'RETURN $ AS x',
      'CYPHER_SYNTAX_ERROR',
      'Expected a parameter name after $ (line 1, column 9)',
      { line: 1, column: 9 },
    ],
    [
      'MATCH (a) RETURN a UNION MATCH (b) RETURN b AS a',
      'CYPHER_SYNTAX_ERROR',
      "Expected the end of the query, found 'UNION' (line 1, column 20)",
      { line: 1, column: 20 },
    ],
    [
      'RETURN 1; RETURN 2',
      'CYPHER_UNSUPPORTED',
      'Send one statement per request (line 1, column 11)',
      { construct: 'multiple statements', line: 1, column: 11 },
    ],
    [
      'CALL { MATCH (a) RETURN a } RETURN a',
      'CYPHER_UNSUPPORTED',
      'CALL is not supported: procedures and CALL subqueries are not available (line 1, column 1)',
      { construct: 'CALL', line: 1, column: 1 },
    ],
    [
      'MATCH (a:A|B) RETURN a',
      'CYPHER_UNSUPPORTED',
      'Label alternatives (:A|B) on nodes are not supported; use WHERE n:A OR n:B (line 1, column 11)',
      { construct: 'label expression', line: 1, column: 11 },
    ],
  ])('%s: %s', (query, code, message, details) => {
    expect(refusal(query)).toMatchObject({ status: 400, code, message, details });
  });

  it('counts lines and columns from 1 across line breaks', () => {
    expect(refusal('MATCH (n)\nWHERE n.a = 1\n  RETRN n')).toMatchObject({
      code: 'CYPHER_SYNTAX_ERROR',
      message:
        "Expected MATCH, OPTIONAL MATCH, UNWIND, WITH or RETURN, found 'RETRN' (line 3, column 3)",
      details: { line: 3, column: 3 },
    });
  });

  it('stops at the nesting limit, naming it', () => {
    const nested = `${'('.repeat(22)}1${')'.repeat(22)}`;
    expect(refusal(`RETURN ${nested} AS x`)).toMatchObject({
      code: 'CYPHER_LIMIT_EXCEEDED',
      details: { limit: 'nesting', max: 20 },
    });
  });
});
