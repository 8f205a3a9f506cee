import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { compileToSql } from '../../../../../src/adapters/sqlite/cypher/compile/compile-query';
import { runSqlQuery } from '../../../../../src/adapters/sqlite/cypher/runtime/run-query';
import { registerCypherFunctions } from '../../../../../src/adapters/sqlite/cypher/runtime/sql-functions';
import { openDatabase, type SqliteDatabase } from '../../../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../../../src/adapters/sqlite/graph-store';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../../../src/cypher/index';
import { CORPUS } from '../../../../contract/cypher/corpus';
import { queryThreadConnection } from '../../../../support/cypher-connection';
import {
  CORPUS_NOW,
  FIXTURE_EDGES,
  FIXTURE_NODES,
  loadGraph,
} from '../../../../contract/cypher/fixture-graph';

/**
 * The plans SQLite chooses for compiled Cypher (docs/cypher.md, "How it runs"). The store's
 * planner statistics describe a large workspace whatever the data (migration 002), so the
 * plans here are those of a graph of 100,000 nodes; bench:cypher measures their times.
 */
describe('SQLite plans of compiled Cypher', () => {
  const workspaceId = randomUUID();
  let dir: string;
  let store: SqliteDatabase;
  let db: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-plans-'));
    const filename = path.join(dir, 'graph.db');
    store = openDatabase({ filename });
    await loadGraph(new SqliteGraphStore(store), workspaceId, FIXTURE_NODES, FIXTURE_EDGES);
    db = queryThreadConnection(filename);
  });

  afterAll(() => {
    db.close();
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function compiled(query: string, parameters: Record<string, unknown> = {}) {
    return compileToSql(prepareCypher(query, parameters, DEFAULT_CYPHER_LIMITS, CORPUS_NOW), {
      workspaceId,
      indexedKeys: new Set(),
      rowLimit: 1000,
    });
  }

  /** EXPLAIN QUERY PLAN of a query, one line per step. */
  function plan(query: string, parameters: Record<string, unknown> = {}): string[] {
    const { sql, params } = compiled(query, parameters);
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
    return rows.map((r) => r.detail);
  }

  function corpusQuery(name: string): string {
    const found = CORPUS.find((c) => c.name === name);
    if (!found) {
      throw new Error(`no corpus query ${name}`);
    }
    return found.query;
  }

  it('joins an OPTIONAL MATCH of one relationship, so that ORDER BY ... LIMIT follows the primary key', () => {
    const steps = plan(corpusQuery('ex08 workspace subgraph'));
    expect(steps).toEqual([
      expect.stringMatching(/^SEARCH n\d+ USING COVERING INDEX sqlite_autoindex_graph_nodes_1/),
      expect.stringMatching(/^SEARCH e\d+ USING COVERING INDEX graph_edges_out .*LEFT-JOIN$/),
      'USE TEMP B-TREE FOR LAST TERM OF ORDER BY',
    ]);
  });

  it('keeps the two arms of an OPTIONAL MATCH that adds several rows', () => {
    const { sql } = compiled(corpusQuery('OPTIONAL MATCH with count'));
    expect(sql).toContain('UNION ALL');
    expect(sql).not.toContain('LEFT JOIN graph_edges');
  });

  it('reads label alternatives through the entity-type index', () => {
    expect(plan(corpusQuery('multiple labels alternatives via WHERE'))[0]).toMatch(
      /^SEARCH n\d+ USING COVERING INDEX graph_nodes_type \(workspace_id=\? AND entity_type=\?\)$/,
    );
  });

  it('counts every edge both ways in one pass over an edge index', () => {
    // (A count alone is read from the kept counters: the `+ 0` keeps this one counted.)
    expect(plan('MATCH ()-[r]-() RETURN count(r) + 0 AS c')).toEqual([
      expect.stringMatching(
        /^SEARCH e\d+ USING COVERING INDEX graph_edges_(in|out) \(workspace_id=\?\)$/,
      ),
    ]);
  });

  it('tests an undirected pattern from a bound node with one look-up per edge index', () => {
    const steps = plan(corpusQuery('ex10 most connected'));
    expect(steps.join(' / ')).not.toContain('MULTI-INDEX OR');
    expect(new Set(steps.filter((s) => /^SEARCH e\d+ USING COVERING INDEX/.test(s)))).toEqual(
      new Set([
        expect.stringContaining('graph_edges_out (workspace_id=? AND source_id=?)'),
        expect.stringContaining('graph_edges_in (workspace_id=? AND target_id=?)'),
      ]),
    );
  });

  it('finds the nodes without relationships by merging index scans in id order', () => {
    const steps = plan(corpusQuery('ex11 isolated entities'));
    expect(steps.join(' / ')).not.toContain('CORRELATED');
    expect(steps.filter((s) => s.startsWith('MERGE'))).toEqual([
      'MERGE (EXCEPT)',
      'MERGE (EXCEPT)',
    ]);
  });

  it('reads a cycle of unconstrained nodes from the edge indexes alone', () => {
    const steps = plan(corpusQuery('triangle-free check'));
    expect(steps).toHaveLength(3);
    expect(
      steps.every((s) => /^SEARCH e\d+ USING COVERING INDEX graph_edges_(in|out) /.test(s)),
    ).toBe(true);
  });

  it('joins the row of a node an edge reaches, so the planner may read nodes first', () => {
    const steps = plan(corpusQuery('collect DISTINCT and grouping'));
    expect(steps.slice(0, 3)).toEqual([
      expect.stringMatching(/^CO-ROUTINE s\d+$/),
      expect.stringMatching(
        /^SEARCH ln\d+ USING COVERING INDEX graph_nodes_type \(workspace_id=\?\)$/,
      ),
      expect.stringMatching(/^SEARCH e\d+ USING COVERING INDEX graph_edges_in /),
    ]);
  });

  it('reads the nodes a typed EXISTS holds for when the node ranges over the workspace', () => {
    const steps = plan(corpusQuery('EXISTS subquery'));
    expect(steps[0]).toMatch(
      /^SEARCH n\d+ USING COVERING INDEX sqlite_autoindex_graph_nodes_1 \(workspace_id=\? AND id=\?\)$/,
    );
    expect(steps).toContainEqual(expect.stringMatching(/^LIST SUBQUERY \d+$/));
  });

  it('tests EXISTS per row for a node found by its id', () => {
    const { sql } = compiled(
      "MATCH (n) WHERE n.id = 'p1' AND EXISTS { (n)<-[:MONITORS]-(:Sensor) } RETURN n.id",
    );
    expect(sql).toContain('EXISTS (SELECT 1');
    expect(sql).not.toContain('IN (SELECT');
  });

  it('reads a STARTS WITH on the name as a range of the name index', () => {
    expect(
      plan('MATCH (n) WHERE n.name STARTS WITH $prefix RETURN n.id', { prefix: 'Pu' })[0],
    ).toMatch(
      /^SEARCH n\d+ USING COVERING INDEX graph_nodes_name \(workspace_id=\? AND name>\? AND name<\?\)$/,
    );
  });

  /**
   * Answers of the shapes these plans change, beyond the corpus: what openCypher gives over
   * the fixture graph (fixture-graph.ts).
   */
  it.each([
    [
      'an undirected OPTIONAL MATCH',
      'MATCH (n:Sensor) OPTIONAL MATCH (n)-[r]-(m) RETURN n.id, r.id, m.id ORDER BY n.id, r.id',
      [
        ['s1', 'e07', 'p1'],
        ['s2', 'e08', 't1'],
        ['spare', null, null],
      ],
    ],
    [
      'an OPTIONAL MATCH whose WHERE reads the relationship',
      'MATCH (p:Pump) OPTIONAL MATCH (p)-[f:FEEDS]->(v) WHERE f.flow > 2 RETURN p.id, v.id ORDER BY p.id',
      [
        ['p1', 'v1'],
        ['p2', null],
        ['p3', null],
      ],
    ],
    [
      'an OPTIONAL MATCH whose WHERE reads the new node',
      'MATCH (p:Pump) OPTIONAL MATCH (p)-[:FEEDS]->(v) WHERE v.diameter > 60 RETURN p.id, v.id ORDER BY p.id',
      [
        ['p1', null],
        ['p2', null],
        ['p3', 'v2'],
      ],
    ],
    [
      'a path of an OPTIONAL MATCH',
      'MATCH (s:Sensor) OPTIONAL MATCH p = (s)-[:MONITORS]->() RETURN s.id, length(p) ORDER BY s.id',
      [
        ['s1', 1],
        ['s2', 1],
        ['spare', null],
      ],
    ],
    [
      'a self-loop in an undirected OPTIONAL MATCH',
      "MATCH (t:Tank {id: 't2'}) OPTIONAL MATCH (t)-[r:RECIRCULATES]-(x) RETURN r.id, x.id",
      [['e12', 't2']],
    ],
    [
      'a label test on a node an OPTIONAL MATCH left null',
      'MATCH (s:Sensor) OPTIONAL MATCH (s)-[:MONITORS]->(x) RETURN s.id, x:Pump ORDER BY s.id',
      [
        ['s1', true],
        ['s2', false],
        ['spare', null],
      ],
    ],
    [
      'text predicates with null and empty operands',
      "MATCH (n {id: 'spare'}) RETURN null ENDS WITH '', toUpper(n.unit) ENDS WITH '', n.name ENDS WITH '', n.name ENDS WITH 'Spare sensor!', n.name STARTS WITH 'Spare', n.name CONTAINS '', n.name CONTAINS n.unit",
      [[null, null, true, false, true, true, null]],
    ],
    ['a count of every edge both ways', 'MATCH ()-[r]-() RETURN count(*), count(r)', [[23, 23]]],
    [
      'counts of every edge both ways by type',
      'MATCH ()-[r]-() RETURN type(r) AS t, count(*) AS c ORDER BY t',
      [
        ['FEEDS', 6],
        ['FLOWS_TO', 6],
        ['LOCATED_AT', 6],
        ['MONITORS', 4],
        ['RECIRCULATES', 1],
      ],
    ],
    [
      'aggregates over every edge both ways',
      'MATCH ()-[r]-() RETURN count(DISTINCT r), min(r.id), max(r.id), size(collect(r.id))',
      [[12, 'e01', 'e12', 23]],
    ],
    [
      'a sum and an average over edges both ways',
      'MATCH ()-[r:FEEDS]-() RETURN sum(r.flow), avg(r.flow), count(r.flow)',
      [[9.5, 2.375, 4]],
    ],
    [
      'the rows of every edge both ways',
      'MATCH ()-[r]-() RETURN r.id ORDER BY r.id LIMIT 3',
      [['e01'], ['e01'], ['e02']],
    ],
    [
      'a count of every edge both ways through WITH and UNWIND',
      'MATCH ()-[r]-() WITH count(*) AS c MATCH ()-[s]-() UNWIND [1, 2] AS x RETURN c, count(*)',
      [[23, 46]],
    ],
    [
      'a COUNT subquery of every edge both ways',
      'MATCH (n:Tank) RETURN n.id, COUNT { ()-[:RECIRCULATES|FEEDS]-() } ORDER BY n.id',
      [
        ['t1', 7],
        ['t2', 7],
      ],
    ],
    [
      'an undirected EXISTS that only a self-loop satisfies',
      'MATCH (n:Tank) WHERE EXISTS { (n)-[r]-(m) WHERE m.id = n.id } RETURN n.id',
      [['t2']],
    ],
    [
      'an undirected COUNT over a self-loop',
      'MATCH (t:Tank) RETURN t.id, COUNT { (t)--(m) WHERE m:Tank } ORDER BY t.id',
      [
        ['t1', 1],
        ['t2', 2],
      ],
    ],
    ['a self-loop of a named node', 'MATCH (a)-[r]->(a) RETURN a.id, r.id', [['t2', 'e12']]],
    [
      'a cycle through a self-loop, which a MATCH uses once',
      'MATCH (a)-[r1]->(b)-[r2]->(a) RETURN count(*)',
      [[0]],
    ],
    [
      'a node named in two patterns',
      'MATCH (a)-->(b), (a)-->(c) WHERE b.id < c.id RETURN a.id, b.id, c.id ORDER BY a.id',
      [
        ['p1', 'site', 'v1'],
        ['p2', 'site', 'v1'],
        ['t1', 'site', 't2'],
      ],
    ],
    [
      'two ends joined on a node read by name',
      'MATCH (a)-[:FEEDS]->(v)<-[:FEEDS]-(b) WHERE a.name < b.name RETURN a.name, b.name, v.id',
      [['Pump 1', 'Pump 2', 'v1']],
    ],
    [
      'a property of a node an OPTIONAL MATCH left null',
      'MATCH (s:Sensor) OPTIONAL MATCH (s)-[:MONITORS]->(x) RETURN s.id, x.name ORDER BY s.id',
      [
        ['s1', 'Pump 1'],
        ['s2', 'Tank 1'],
        ['spare', null],
      ],
    ],
    [
      'NOT EXISTS of a typed pattern over every node',
      'MATCH (n) WHERE NOT EXISTS { (n)-[:LOCATED_AT]->() } AND n:Pump RETURN n.id',
      [['p3']],
    ],
    [
      'EXISTS whose WHERE reads the node tested',
      'MATCH (n) WHERE EXISTS { (n)-[f:FEEDS]->(v) WHERE f.flow > n.rpm / 1000 } RETURN n.id ORDER BY n.id',
      [['p1'], ['p2']],
    ],
    [
      'a typed pattern predicate in a disjunction',
      "MATCH (n) WHERE (n)<-[:MONITORS]-() OR n.id = 'site' RETURN n.id ORDER BY n.id",
      [['p1'], ['site'], ['t1']],
    ],
    [
      'text predicates with wildcard characters',
      "RETURN 'a*b' STARTS WITH 'a*', 'a?c' ENDS WITH '?c', 'x[y]z' CONTAINS '[y]', 'abc' STARTS WITH 'a*', 'abc' CONTAINS '?', 'abc' ENDS WITH ''",
      [[true, true, true, false, false, true]],
    ],
    [
      'text predicates with a parameter, on a number and on a name',
      "MATCH (p {id: 'p1'}) RETURN p.rpm STARTS WITH $prefix, p.name STARTS WITH $name, toString(p.rpm) STARTS WITH $prefix",
      [[null, true, true]],
      { prefix: '14', name: 'Pump' },
    ],
    [
      'nodes without a relationship of a type in either direction',
      'MATCH (n) WHERE NOT (n)-[:MONITORS]->() AND NOT (n)<-[:MONITORS]-() RETURN n.id ORDER BY n.id',
      [['p2'], ['p3'], ['site'], ['spare'], ['t2'], ['v1'], ['v2']],
    ],
    [
      'nodes no relationship of a type reaches',
      'MATCH (n) WHERE NOT ()-[:FEEDS]->(n) AND n:Tank RETURN n.id ORDER BY n.id',
      [['t1'], ['t2']],
    ],
    [
      'nodes without an undirected self-loop',
      'MATCH (n) WHERE NOT EXISTS { (n)-[:RECIRCULATES]-() } AND n:Tank RETURN n.id',
      [['t1']],
    ],
    [
      'the absence of relationships as a value',
      'MATCH (n:Sensor) RETURN n.id, NOT (n)--() ORDER BY n.id',
      [
        ['s1', false],
        ['s2', false],
        ['spare', true],
      ],
    ],
  ] as [string, string, unknown[][], Record<string, unknown>?][])(
    'answers %s as Cypher does',
    // A rest parameter: jest takes a test function with more parameters than a row has for
    // one that waits for a `done` callback.
    (...[, query, rows, parameters]) => {
      expect(runSqlQuery(db, workspaceId, compiled(query, parameters), 1000).rows).toEqual(rows);
    },
  );

  describe('the time check', () => {
    let timed: Database;

    beforeAll(() => {
      // A connection whose check says "time is up" whenever it is called, as a query
      // thread's does once the deadline has passed. A join calls it for about one row in
      // 64, picked at random: each query below visits thousands of rows, so a query that
      // reaches the check at all is stopped (the odds of no call are below 1e-20).
      timed = new BetterSqlite3(db.name, { readonly: true });
      registerCypherFunctions(timed);
      timed.function('cy_alive', { varargs: true, deterministic: false }, () => {
        throw new Error('deadline passed');
      });
    });

    afterAll(() => timed.close());

    it.each([
      [
        'a product whose every combination fails the WHERE',
        "MATCH (a), (b), (c), (d), (e), (f), (g) WHERE a.name + b.name + c.name + d.name + e.name + f.name + g.name = 'none' RETURN count(*) AS n",
      ],
      [
        'an OPTIONAL MATCH joined to a product',
        'MATCH (a), (b), (c), (d), (e), (f) OPTIONAL MATCH (a)-[r]->(g) WHERE g.name = b.name + c.name + d.name + e.name + f.name RETURN count(r) AS n',
      ],
      ['a product counted whole', 'MATCH (a), (b), (c), (d), (e), (f), (g) RETURN count(*) AS n'],
      [
        'list comprehensions nested over a collected list',
        "MATCH (n) WITH collect(n.name) AS names RETURN size([a IN names WHERE size([b IN names WHERE size([c IN names WHERE a + b + c = 'none']) > 0]) > 0]) AS n",
      ],
      [
        'COUNT subqueries nested in each other',
        "MATCH (n) WHERE COUNT { MATCH (m) WHERE COUNT { MATCH (k) WHERE k.name + m.name + n.name = 'none' } > 0 } > 0 RETURN count(*) AS n",
      ],
    ])('stops %s (it runs in the innermost loop, before the conditions)', (_name, query) => {
      expect(() => runSqlQuery(timed, workspaceId, compiled(query), 1000)).toThrow(
        /deadline passed/,
      );
    });
  });
});
