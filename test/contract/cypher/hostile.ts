/**
 * Hostile queries: attempts to reach the service's own records or another workspace, to
 * write (openly, or hidden in comments and strings), and to exhaust the engine. Each gets
 * a 400 naming what is refused, or an answer confined to the workspace.
 */
export type HostileCase =
  | {
      name: string;
      query: string;
      parameters?: Record<string, unknown>;
      code:
        | 'CYPHER_UNSUPPORTED'
        | 'CYPHER_LIMIT_EXCEEDED'
        | 'CYPHER_SYNTAX_ERROR'
        | 'CYPHER_SEMANTIC_ERROR';
      details: Record<string, unknown>;
    }
  | { name: string; query: string; parameters?: Record<string, unknown>; rows: unknown[][] };

/** Placeholder for the id of the other workspace, replaced by the suite. */
export const OTHER_WORKSPACE = '$otherWorkspace';

const chain = (n: number): string =>
  `MATCH ${Array.from({ length: n }, (_, i) => `(n${i})`).join('--')} RETURN count(*) AS c`;

export const HOSTILE: readonly HostileCase[] = [
  {
    name: 'example 14: the command log is a system label',
    query:
      'MATCH (e:_CommandLogEntry) RETURN e.createdAt AS at, e.type AS command ORDER BY at DESC LIMIT 20',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'system label', line: 1, column: 7 },
  },
  {
    name: 'a system label in a label predicate',
    query: 'MATCH (n) WHERE n:_Workspace RETURN n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'system label' },
  },
  {
    name: 'a system label in backquotes',
    query: 'MATCH (n:`_ApiKey`) RETURN n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'system label' },
  },
  {
    name: 'a system relationship type',
    query: 'MATCH (n)-[r:_HAS_KEY]->(m) RETURN m',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'system label' },
  },
  {
    name: 'another workspace named as a property',
    query: 'MATCH (n:Entity {workspaceId: $other}) RETURN n.id AS id',
    parameters: { other: OTHER_WORKSPACE },
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'workspaceId', line: 1, column: 18 },
  },
  {
    name: 'a filter on the workspace property',
    query: 'MATCH (n) WHERE n.workspaceId = $other RETURN n.id AS id',
    parameters: { other: OTHER_WORKSPACE },
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'workspaceId' },
  },
  {
    name: 'an id that exists only in the other workspace',
    query: "MATCH (n {id: 'x1'}) RETURN n.name AS name",
    rows: [],
  },
  {
    name: 'an id both workspaces hold reads this one',
    query: "MATCH (n {id: 'p1'})<-[r]-(m) RETURN n.name AS name, r.id AS r, m.id AS m",
    rows: [['Pump 1', 'e07', 's1']],
  },
  {
    name: 'a relationship id both workspaces hold reads this one',
    query: "MATCH ()-[r {id: 'e01'}]->() RETURN startNode(r).id AS s, r.flow AS flow",
    rows: [['p1', 3.5]],
  },
  {
    name: 'every node, counted',
    query: 'MATCH (n) RETURN count(n) AS nodes',
    rows: [[11]],
  },
  {
    name: 'a write in a line comment',
    query: 'MATCH (n) // CREATE (m:Pump)\nRETURN count(n) AS c',
    rows: [[11]],
  },
  {
    name: 'a write in a block comment',
    query: 'MATCH (n) /* DETACH DELETE n */ RETURN count(n) AS c',
    rows: [[11]],
  },
  {
    name: 'a write in a string',
    query: "RETURN 'MATCH (n) DETACH DELETE n' AS text",
    rows: [['MATCH (n) DETACH DELETE n']],
  },
  {
    name: 'SQL in a parameter value',
    query: 'MATCH (n) WHERE n.name = $name RETURN n.id AS id',
    parameters: { name: "x' OR 1=1 --" },
    rows: [],
  },
  {
    name: 'a second statement after a semicolon',
    query: 'MATCH (n) RETURN n.id AS id;\nMATCH (m) DETACH DELETE m',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'multiple statements', line: 2, column: 1 },
  },
  {
    name: 'CREATE',
    query: "CREATE (n:Pump {id: 'z'}) RETURN n",
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'CREATE', line: 1, column: 1 },
  },
  {
    name: 'MERGE',
    query: "MERGE (n:Pump {id: 'z'}) RETURN n",
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'MERGE', line: 1, column: 1 },
  },
  {
    name: 'SET',
    query: 'MATCH (n) SET n.x = 1 RETURN n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'SET', line: 1, column: 11 },
  },
  {
    name: 'DETACH DELETE',
    query: 'MATCH (n) DETACH DELETE n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'DETACH', line: 1, column: 11 },
  },
  {
    name: 'REMOVE',
    query: 'MATCH (n) REMOVE n.x RETURN n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'REMOVE', line: 1, column: 11 },
  },
  {
    name: 'a procedure',
    query: 'CALL db.labels() YIELD label RETURN label',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'CALL', line: 1, column: 1 },
  },
  {
    name: 'a CALL subquery',
    query: 'MATCH (n) CALL { WITH n RETURN n AS m } RETURN m',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'CALL', line: 1, column: 11 },
  },
  {
    name: 'LOAD CSV',
    query: "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l",
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'LOAD', line: 1, column: 1 },
  },
  {
    name: 'USE another database',
    query: 'USE system MATCH (n) RETURN n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'USE', line: 1, column: 1 },
  },
  {
    name: 'FOREACH',
    query: 'FOREACH (x IN [1] | CREATE ())',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'FOREACH', line: 1, column: 1 },
  },
  {
    name: 'an APOC function',
    query: "RETURN apoc.text.join(['a'], ',') AS x",
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'apoc.text.join()', line: 1, column: 8 },
  },
  {
    name: 'EXPLAIN',
    query: 'EXPLAIN MATCH (n) RETURN n',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'EXPLAIN', line: 1, column: 1 },
  },
  {
    name: 'a huge variable-length range',
    query: 'MATCH (a)-[*1..1000]-(b) RETURN count(*) AS c',
    code: 'CYPHER_LIMIT_EXCEEDED',
    details: { limit: 'hops', max: 5, line: 1, column: 10 },
  },
  {
    name: 'an unbounded variable-length relationship',
    query: 'MATCH (a)-[*]-(b) RETURN count(*) AS c',
    code: 'CYPHER_LIMIT_EXCEEDED',
    details: { limit: 'hops', max: 5 },
  },
  {
    name: 'deep nesting',
    query: `RETURN ${'['.repeat(60)}1${']'.repeat(60)} AS x`,
    code: 'CYPHER_LIMIT_EXCEEDED',
    details: { limit: 'nesting', max: 20 },
  },
  {
    name: 'a pattern of too many nodes',
    query: chain(13),
    code: 'CYPHER_LIMIT_EXCEEDED',
    details: { limit: 'patternNodes', max: 12 },
  },
  {
    name: 'a query too long',
    query: `RETURN 1 AS x // ${'x'.repeat(10_001)}`,
    code: 'CYPHER_LIMIT_EXCEEDED',
    details: { limit: 'queryLength', max: 10_000 },
  },
  {
    name: 'a label from a parameter',
    query: 'MATCH (n:$label) RETURN n',
    parameters: { label: '_Workspace' },
    code: 'CYPHER_SYNTAX_ERROR',
    details: { line: 1, column: 10 },
  },
  {
    name: 'a float literal past what a float holds',
    query: 'RETURN 1e400 AS x',
    code: 'CYPHER_SYNTAX_ERROR',
    details: { line: 1, column: 8 },
  },
  {
    name: 'an integer past 2^53',
    query: 'RETURN 9007199254740993 AS x',
    code: 'CYPHER_SYNTAX_ERROR',
    details: { line: 1, column: 8 },
  },
  {
    name: 'a list function given a string (the message names the kinds it takes)',
    query: "RETURN head('text') AS x",
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 13 },
  },
  {
    name: 'tail of a name',
    query: 'MATCH (n) RETURN tail(n.name) AS x',
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 23 },
  },
  {
    name: 'range() of a float',
    query: 'RETURN range(1, 2.5) AS x',
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 17 },
  },
  {
    name: 'out-of-range arguments are null, never an error',
    query:
      "RETURN substring('abc', -1) AS a, left('abc', -2) AS b, right('abc', -1) AS c, range(1, 5, 0) AS d, substring('abc', 1, -1) AS e, left('abc', null) AS f, range(null, 2) AS g",
    rows: [[null, null, null, null, null, null, null]],
  },
  // Found by fuzzing: each was a 500 (or gigabytes of SQL) before.
  {
    name: 'a function named like a property every object has',
    query: 'RETURN constructor() AS x',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'constructor()', line: 1, column: 8 },
  },
  {
    name: 'a parameter named like a property every object has',
    query: 'RETURN $constructor AS x',
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 8 },
  },
  {
    name: 'a temporal field named like a property every object has',
    query: 'RETURN datetime().constructor AS x',
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 8 },
  },
  {
    name: 'record fields named like properties every object has',
    query:
      "MATCH (n {id: 'p1'})-[r]->() RETURN n.constructor AS x, n.__proto__ AS y, r.toString AS z",
    rows: [
      [null, null, null],
      [null, null, null],
    ],
  },
  {
    name: 'a node pattern property named like a property every object has',
    query: 'MATCH (n {constructor: 1}) RETURN count(n) AS x',
    rows: [[0]],
  },
  {
    name: 'a relationship pattern property named like a property every object has',
    query: 'MATCH ()-[r {toString: 1}]->() RETURN count(r) AS x',
    rows: [[0]],
  },
  {
    name: 'a date past the year 9999',
    query: "RETURN date('9999-12-31') + duration({days: 1}) AS x",
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 8 },
  },
  {
    name: 'a duration too long for any date',
    query: 'RETURN datetime() + duration({days: 1e300}) AS x',
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 8 },
  },
  {
    name: 'a parameter map that looks like a computed duration',
    query: 'MATCH (n) RETURN n.createdAt + duration($p) AS x',
    parameters: { p: { kind: 'duration' } },
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 32 },
  },
  {
    name: 'duration(null)',
    query: 'RETURN duration(null) AS x',
    code: 'CYPHER_UNSUPPORTED',
    details: { construct: 'duration', line: 1, column: 8 },
  },
  {
    name: 'an EXISTS subquery naming the outer node only in its WHERE',
    query: 'MATCH (n) WHERE EXISTS { (v:Valve) WHERE n.id = v.id } RETURN count(*) AS c',
    rows: [[2]],
  },
  {
    name: 'a list index that is a string or a list property',
    query: "MATCH (n {id: 'p1'}) RETURN [1, 2][n.status] AS x, [1, 2][n.tags] AS y",
    rows: [[null, null]],
  },
  {
    name: 'ORDER BY a comparison known in advance',
    query: "UNWIND [2, 1] AS i RETURN i, 'a' = 1 AS x ORDER BY x, i",
    rows: [
      [1, false],
      [2, false],
    ],
  },
  {
    name: 'node and relationship functions of values that are neither',
    query:
      "MATCH (n {id: 'p1'}) RETURN type(null) AS a, startNode(null) AS b, type(n.nope) AS c, id(n.status) AS d, labels(n.status) AS e, properties(n.status) AS f, endNode(n.rpm) AS g",
    rows: [[null, null, null, null, null, null, null]],
  },
  {
    name: 'functions nested fourteen deep on a value known at run time',
    query:
      "MATCH (n {id: 'p1'}) RETURN reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(reverse(n.tags)))))))))))))) AS x",
    rows: [[['critical', 'north']]],
  },
  {
    name: 'GROUP BY a comparison known in advance',
    query: "UNWIND [2, 1] AS i RETURN head(collect(true)) AS h, i, 'a' = 1 AS x ORDER BY x, i",
    rows: [
      [true, 1, false],
      [true, 2, false],
    ],
  },
  {
    // JSON's whole numbers past 2^53 have lost their digits: a float, as Neo4j reads it.
    name: 'a list index past 2^53',
    query: 'RETURN [1, 2][$i] AS x',
    parameters: { i: -1e308 },
    code: 'CYPHER_SEMANTIC_ERROR',
    details: { line: 1, column: 15 },
  },
  {
    name: 'the year 0000',
    query: "RETURN date('0001-01-01') - duration('P1D') AS d",
    rows: [['0000-12-31']],
  },
];
