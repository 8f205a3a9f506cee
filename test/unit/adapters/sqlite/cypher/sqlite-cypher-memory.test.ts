import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { compileToSql } from '../../../../../src/adapters/sqlite/cypher/compile/compile-query';
import { SqliteCypherEngine } from '../../../../../src/adapters/sqlite/cypher/runtime/engine';
import {
  graphState,
  MemoryGraphCache,
  readMemoryGraph,
} from '../../../../../src/adapters/sqlite/cypher/memory/memory-graph';
import { compileMemoryQuery } from '../../../../../src/adapters/sqlite/cypher/memory/memory-query';
import { MemoryRowsExceeded } from '../../../../../src/adapters/sqlite/cypher/memory/memory-run';
import { compareSqlText } from '../../../../../src/adapters/sqlite/cypher/memory/memory-values';
import {
  renderResult,
  runSqlQuery,
} from '../../../../../src/adapters/sqlite/cypher/runtime/run-query';
import { openDatabase, type SqliteDatabase } from '../../../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../../../src/adapters/sqlite/graph-store';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../../../src/cypher/index';
import type { GraphEdge, GraphNode } from '../../../../../src/domain/graph';
import { CORPUS } from '../../../../contract/cypher/corpus';
import { queryThreadConnection } from '../../../../support/cypher-connection';
import { seededRandom } from '../../../../support/seeded-random';
import {
  CORPUS_NOW,
  FIXTURE_EDGES,
  FIXTURE_NODES,
  loadGraph,
} from '../../../../contract/cypher/fixture-graph';

/**
 * Queries answered from the in-memory graph (memory-query.ts) give the answers SQL gives:
 * every corpus query the in-memory path takes, and topology queries over a seeded graph
 * with self-loops, parallel relationships and several labels and types. The engine uses a
 * copy only while it is the current graph.
 */
const FIXTURE_WS = 'ws-fixture';
const RANDOM_WS = 'ws-random';
const at = '2026-01-10T08:00:00.000Z';

/** A seeded graph: 4 labels, 3 relationship types, self-loops and parallel relationships. */
function randomGraph(): { nodes: GraphNode[]; edges: GraphEdge[] } {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const labels = ['Pump', 'Tank', 'Valve', 'Site'];
  const names = ['alpha', 'Beta', 'gamma', 'alpha', 'Ωmega', 'delta', '😀 emoji', 'ﬀ ligature'];
  const nodes: GraphNode[] = Array.from({ length: 40 }, (_, i) => ({
    id: `n${String((i * 7) % 40).padStart(2, '0')}`,
    entityType: labels[i % labels.length]!,
    name: `${names[i % names.length]!} ${i % 5}`,
    properties: {},
    version: 1,
    createdAt: at,
    updatedAt: at,
  }));
  const types = ['FEEDS', 'MONITORS', 'PART_OF'];
  const edges: GraphEdge[] = [];
  for (let i = 0; i < 120; i += 1) {
    const source = nodes[Math.floor(random() * nodes.length)]!.id;
    // One in ten a self-loop; parallel relationships happen by chance.
    const target = i % 10 === 0 ? source : nodes[Math.floor(random() * nodes.length)]!.id;
    edges.push({
      id: `r${String(i).padStart(3, '0')}`,
      type: types[Math.floor(random() * types.length)]!,
      sourceId: source,
      targetId: target,
      properties: {},
      version: 1,
      createdAt: at,
      updatedAt: at,
    });
  }
  return { nodes, edges };
}

describe('Cypher answered from the in-memory graph', () => {
  let dir: string;
  let filename: string;
  let store: SqliteDatabase;
  let db: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-memory-'));
    filename = path.join(dir, 'graph.db');
    store = openDatabase({ filename });
    const graphs = new SqliteGraphStore(store);
    await loadGraph(graphs, FIXTURE_WS, FIXTURE_NODES, FIXTURE_EDGES);
    const random = randomGraph();
    await loadGraph(graphs, RANDOM_WS, random.nodes, random.edges);
    db = queryThreadConnection(filename);
  });

  afterAll(() => {
    db.close();
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The query's rows from the in-memory graph (null if outside the subset) and from SQL. */
  function answers(
    workspaceId: string,
    query: string,
    parameters: Record<string, unknown> = {},
    check: () => void = () => undefined,
  ): { memory: unknown[][] | null; sql: unknown[][] } {
    const analyzed = prepareCypher(query, parameters, DEFAULT_CYPHER_LIMITS, CORPUS_NOW);
    const compiled = compileMemoryQuery(analyzed);
    const types = analyzed.columns.map((c) => c.type);
    const memory =
      compiled &&
      db.transaction(() => {
        const graph = readMemoryGraph(db, workspaceId, graphState(db, workspaceId).changes);
        const rows = compiled.run({ graph, check }, 1000);
        return renderResult(db, workspaceId, types, rows, 1000).rows;
      })();
    const sql = compileToSql(analyzed, { workspaceId, indexedKeys: new Set(), rowLimit: 1000 });
    return { memory, sql: runSqlQuery(db, workspaceId, sql, 1000).rows };
  }

  const canonical = (row: unknown) => JSON.stringify(row);

  it('answers every corpus query it takes as SQL and the corpus do', () => {
    const taken: string[] = [];
    for (const c of CORPUS) {
      const { memory, sql } = answers(FIXTURE_WS, c.query, c.parameters);
      if (memory === null) {
        continue;
      }
      taken.push(c.name);
      if (c.unordered) {
        expect(memory.map(canonical).sort()).toEqual(sql.map(canonical).sort());
        expect(memory.map(canonical).sort()).toEqual(c.rows.map(canonical).sort());
      } else {
        expect({ name: c.name, rows: memory }).toEqual({ name: c.name, rows: sql });
        expect({ name: c.name, rows: memory }).toEqual({ name: c.name, rows: c.rows });
      }
    }
    // The whole-graph questions SQL answers slowest, and others of the subset.
    expect(taken).toEqual(
      expect.arrayContaining([
        'ex10 most connected',
        'collect DISTINCT and grouping',
        'triangle-free check',
        'ex01 counts by entity type',
        'ex02 counts by relationship type',
      ]),
    );
    expect(taken.length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    'MATCH (n) RETURN n.id AS id, n.name AS name, n.entityType AS t ORDER BY name, id',
    'MATCH (n) RETURN n.name AS name ORDER BY name DESC SKIP 3 LIMIT 7',
    'MATCH (n:Pump) RETURN n ORDER BY n.id',
    'MATCH (n:Pump:Tank) RETURN count(*) AS c',
    'MATCH (n:Nothing)-->(m) RETURN count(*) AS c',
    'MATCH (a)-[r]->(b) RETURN a.id AS a, r.id AS r, b.id AS b ORDER BY r, a',
    'MATCH (a)-[r]-(b) RETURN a.id AS a, r.id AS r, b.id AS b ORDER BY r, a, b',
    'MATCH (a)<-[r:FEEDS|MONITORS]-(b:Tank) RETURN a.id AS a, type(r) AS t, b.id AS b ORDER BY a, t, b',
    'MATCH (a)-[r]->(a) RETURN a.id AS a, type(r) AS t ORDER BY a, t',
    'MATCH (a)-[r]-(a) RETURN count(r) AS c',
    'MATCH (n:Pump) RETURN n.name AS name ORDER BY n.id DESC',
    'MATCH (a)-[]->(b)-[]->(c) RETURN count(*) AS paths',
    'MATCH (a)-[r1]-(b)-[r2]-(c) RETURN count(*) AS paths',
    'MATCH (a)-[]->(b)-[]->(c)-[]->(a) RETURN a.id AS a, b.id AS b, c.id AS c ORDER BY a, b, c',
    'MATCH (a)-->(b)<--(a) RETURN a.id AS a, b.id AS b ORDER BY a, b',
    'MATCH (n) RETURN n.entityType AS t, count(*) AS c, collect(n.id) AS ids ORDER BY t',
    'MATCH (n)-[r]->(m) WITH r, m ORDER BY m.entityType DESC RETURN type(r) AS t, count(DISTINCT m) AS targets, collect(DISTINCT m.entityType) AS kinds ORDER BY t',
    'MATCH (n)-[r]->(m) WITH n.id AS id, count(r) AS out ORDER BY out DESC, id LIMIT 5 RETURN id, out',
    'MATCH (n) WITH n, count(*) AS c RETURN n.id AS id, c ORDER BY n.name, id',
    'MATCH (n)-[r]->(m) WITH n, count(r) AS out ORDER BY out DESC, n LIMIT 5 RETURN n.id AS id, out',
    'MATCH (n)-[r]->(m) WITH DISTINCT n.entityType AS a, m.entityType AS b RETURN a, b ORDER BY a, b',
    'MATCH (n) RETURN DISTINCT n.name AS name ORDER BY name',
    'MATCH (n) RETURN n.id AS id, COUNT { (n)-->() } AS out, COUNT { (n)<--() } AS inn, COUNT { (n)--() } AS all ORDER BY all DESC, id',
    'MATCH (n) RETURN n.id AS id, COUNT { (n)-[:FEEDS]->(:Tank) } AS feeds, EXISTS { (n)-[:MONITORS]-() } AS monitors ORDER BY id',
    'MATCH (n)-[r]->(m) RETURN n.id AS n, m.id AS m, COUNT { (n)-->(m) } AS parallel ORDER BY parallel DESC, n, m LIMIT 10',
    'MATCH (n) RETURN n.id AS id, COUNT { (n)--(n) } AS loops ORDER BY loops DESC, id LIMIT 5',
    'MATCH (n) WITH n ORDER BY n.name DESC, n.id WITH collect(n.name) AS names RETURN names',
    'MATCH (n) RETURN count(n) AS c, count(DISTINCT n.name) AS names',
    'MATCH (n:Valve) RETURN n.id AS id, $flag AS flag, $missing AS none ORDER BY flag, id',
    "MATCH (n) RETURN n.id AS id, 'x' AS x, 1.5 AS f, true AS b ORDER BY b, f, x, id LIMIT 3",
  ])('%s', (query) => {
    const { memory, sql } = answers(RANDOM_WS, query, { flag: true, missing: null });
    expect(memory).not.toBeNull();
    expect(memory).toEqual(sql);
  });

  it('answers 400 generated topology queries as SQL does', () => {
    const random = seededRandom(30);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const labels = ['', '', '', ':Pump', ':Tank', ':Valve', ':Site', ':Nothing'];
    const types = ['', '', ':FEEDS', ':MONITORS', ':PART_OF|FEEDS', ':NOTHING'];
    const queries: string[] = [];
    while (queries.length < 400) {
      const hops = Math.floor(random() * 4);
      const names = ['a', 'b', 'c', 'd'].slice(0, hops + 1);
      // Sometimes the chain closes on its first node.
      if (hops >= 2 && random() < 0.2) {
        names[hops] = 'a';
      }
      let pattern = `(${names[0]}${pick(labels)})`;
      const rels: string[] = [];
      for (let h = 1; h <= hops; h += 1) {
        const r = random() < 0.6 ? `r${h}` : '';
        if (r) {
          rels.push(r);
        }
        const [left, right] = pick([
          ['-', '->'],
          ['<-', '-'],
          ['-', '-'],
        ] as const);
        const label = names[h] === 'a' ? '' : pick(labels);
        pattern += `${left}[${r}${pick(types)}]${right}(${names[h]}${label})`;
      }
      const nodes = [...new Set(names)];
      const values = [
        ...nodes.flatMap((n) => [`${n}.id`, `${n}.name`, `${n}.entityType`, n]),
        ...rels.flatMap((r) => [`type(${r})`, `${r}.id`, r]),
        'COUNT { (a)--() }',
        'COUNT { (a)-[:FEEDS]->(:Tank) }',
        'EXISTS { (a)<-[:MONITORS]-() }',
        "'k'",
        '$n',
      ];
      const keys = [
        ...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(values))),
      ];
      const items = keys.map((k, i) => `${k} AS v${i}`);
      const kind = random();
      if (kind < 0.3) {
        items.push(
          pick([
            'count(*) AS agg',
            `count(DISTINCT ${pick(values)}) AS agg`,
            `collect(DISTINCT ${pick(values)}) AS agg`,
            `collect(${pick(values)}) AS agg`,
          ]),
        );
      }
      const distinct = kind >= 0.3 && kind < 0.45 ? 'DISTINCT ' : '';
      const aliases = items.map((item) => item.slice(item.lastIndexOf(' AS ') + 4));
      // Every column sorted on (a collected list is compared sorted, below).
      const order = aliases
        .filter((alias) => alias !== 'agg' || !items.at(-1)!.startsWith('collect'))
        .map((alias) => `${alias}${random() < 0.5 ? ' DESC' : ''}`);
      const page =
        random() < 0.3
          ? ` SKIP ${Math.floor(random() * 3)} LIMIT ${1 + Math.floor(random() * 5)}`
          : '';
      const staged =
        random() < 0.2
          ? `WITH ${nodes.join(', ')}${rels.length ? `, ${rels.join(', ')}` : ''} `
          : '';
      queries.push(
        `MATCH ${pattern} ${staged}RETURN ${distinct}${items.join(', ')} ORDER BY ${order.join(', ')}${page}`,
      );
    }
    const sortedLists = (rows: unknown[][]) =>
      rows.map((row) =>
        row.map((cell) =>
          Array.isArray(cell) ? [...cell].map((v) => JSON.stringify(v)).sort() : cell,
        ),
      );
    let taken = 0;
    for (const query of queries) {
      const { memory, sql } = answers(RANDOM_WS, query, { n: 7 });
      if (memory === null) {
        continue;
      }
      taken += 1;
      const collected = query.includes('collect(');
      // With a collected list unsorted on, rows tied on the other columns may come in any order.
      const canon = (rows: unknown[][]) =>
        collected
          ? sortedLists(rows)
              .map((r) => JSON.stringify(r))
              .sort()
          : rows;
      expect({ query, rows: canon(memory) }).toEqual({ query, rows: canon(sql) });
    }
    expect(taken).toBe(queries.length);
  });

  it('stops matching once a RETURN without ORDER BY has its rows', () => {
    const all = answers(RANDOM_WS, 'MATCH (n)-->(m) RETURN n.id AS id');
    const four = answers(RANDOM_WS, 'MATCH (n)-->(m) RETURN n.id AS id SKIP 2 LIMIT 4');
    // Cypher leaves this order open: the rows are SQL's, perhaps in another order.
    expect(all.memory!.map(canonical).sort()).toEqual(all.sql.map(canonical).sort());
    expect(four.memory).toEqual(all.memory!.slice(2, 6));
  });

  it.each([
    'MATCH (n) RETURN n AS x, count(*) AS c ORDER BY x.name',
    'MATCH (n) RETURN DISTINCT n AS x ORDER BY x.name',
    'MATCH (n) WHERE n.name = $name RETURN n',
    'OPTIONAL MATCH (n) RETURN count(n) AS c',
    'MATCH (n) RETURN n.rank AS rank',
    'MATCH (n) RETURN n.createdAt AS at',
    'MATCH (a)-[*1..2]->(b) RETURN count(*) AS c',
    'MATCH p = (a)-->(b) RETURN p',
    'MATCH (n) RETURN sum(COUNT { (n)--() }) AS s',
    'MATCH (n) WITH n WHERE n.name STARTS WITH $p RETURN n',
    'UNWIND [1, 2] AS x RETURN x',
    'MATCH (n {name: $name}) RETURN n',
    'MATCH (n), (m) RETURN count(*) AS c',
    'MATCH (n) RETURN size(collect(n)) AS s',
  ])('leaves %s to SQL', (query) => {
    const analyzed = prepareCypher(query, { name: 'x', p: 'a' }, DEFAULT_CYPHER_LIMITS, CORPUS_NOW);
    expect(compileMemoryQuery(analyzed)).toBeNull();
  });

  it.each([
    'MATCH (a)-[r]-(b) RETURN a.id AS a, b.id AS b ORDER BY a, b',
    'MATCH (a)-[r]-(b) RETURN a.id AS a, b.id AS b ORDER BY a, b LIMIT 3',
    'MATCH (a)-[r]-(b) RETURN DISTINCT a.id AS a, b.id AS b',
    'MATCH (a)-[r]-(b) RETURN a.id AS a, collect(b.id) AS b',
    'MATCH (a)-[r]-(b) RETURN a.id AS a, count(DISTINCT r) AS b',
  ])('gives up %s when it would hold more rows than allowed', (query) => {
    const analyzed = prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, CORPUS_NOW);
    const graph = db.transaction(() =>
      readMemoryGraph(db, RANDOM_WS, graphState(db, RANDOM_WS).changes),
    )();
    const run = (maxHeldRows: number) =>
      compileMemoryQuery(analyzed)!.run({ graph, check: () => undefined, maxHeldRows }, 1000);
    expect(() => run(100)).toThrow(MemoryRowsExceeded);
    expect(run(100_000).length).toBeGreaterThan(0);
  });

  it('stops when the check says the query must end', () => {
    let calls = 0;
    expect(() =>
      answers(RANDOM_WS, 'MATCH (a)-[r1]-(b)-[r2]-(c)-[r3]-(d) RETURN count(*) AS c', {}, () => {
        calls += 1;
        throw new Error('cypher query deadline passed');
      }),
    ).toThrow('deadline passed');
    expect(calls).toBe(1);
  });

  it('reads a copy again only within a tenth of the thread time, and keeps at most its records', () => {
    const cache = new MemoryGraphCache(170);
    const changes = db.transaction(() => graphState(db, RANDOM_WS).changes)();
    const clock = [100, 110];
    db.transaction(() => cache.read(db, RANDOM_WS, changes, () => clock.shift()!))();
    expect(cache.fresh(RANDOM_WS, changes)?.nodeIds).toHaveLength(40);
    expect(cache.fresh(RANDOM_WS, changes + 1)).toBeNull();
    // The read took 10 ms, ending at 110: the next may start at 210.
    expect(cache.mayRead(RANDOM_WS, 160, 209)).toBe(false);
    expect(cache.mayRead(RANDOM_WS, 160, 210)).toBe(true);
    expect(cache.mayRead(RANDOM_WS, 171, 1_000)).toBe(false);
    expect(cache.mayRead(FIXTURE_WS, 20, 0)).toBe(true);
    // Another workspace's copy that does not fit beside it takes its place.
    db.transaction(() => cache.read(db, FIXTURE_WS, graphState(db, FIXTURE_WS).changes, () => 0))();
    expect(cache.fresh(RANDOM_WS, changes)).toBeNull();
    expect(cache.fresh(FIXTURE_WS, graphState(db, FIXTURE_WS).changes)).not.toBeNull();
  });

  it('orders text as SQLite does (UTF-8 bytes), not as UTF-16 code units', () => {
    const texts = ['b', 'a', '😀', 'ﬀ', '', 'ab', '\uffff', 'Z'];
    const bySqlite = db
      .prepare(`SELECT value FROM json_each(?) ORDER BY value`)
      .pluck()
      .all(JSON.stringify(texts)) as string[];
    expect([...texts].sort(compareSqlText)).toEqual(bySqlite);
  });

  it('keeps no copy with CYPHER_GRAPH_CACHE_RECORDS=0 (or a graph larger than it)', async () => {
    for (const graphCacheRecords of [0, 10]) {
      const engine = new SqliteCypherEngine({
        filename,
        indexedKeys: new Set(),
        threads: 1,
        graphCacheRecords,
      });
      try {
        const analyzed = prepareCypher(
          'MATCH (n) RETURN n.entityType AS t, count(*) AS c ORDER BY t',
          {},
          DEFAULT_CYPHER_LIMITS,
          CORPUS_NOW,
        );
        const options = { workspaceId: FIXTURE_WS, rowLimit: 100, timeoutMs: 10_000 };
        const first = await engine.run(analyzed, options);
        expect((await engine.run(analyzed, options)).rows).toEqual(first.rows);
        expect(first.rows.length).toBeGreaterThan(0);
        expect(engine.answeredFromMemory).toBe(0);
      } finally {
        await engine.close();
      }
    }
  });

  it('answers from memory only while the copy is the current graph', async () => {
    const engine = new SqliteCypherEngine({ filename, indexedKeys: new Set(), threads: 1 });
    const database = openDatabase({ filename });
    const graphs = new SqliteGraphStore(database);
    const run = async () =>
      (
        await engine.run(
          prepareCypher(
            'MATCH (n) RETURN n.id AS id, COUNT { (n)--() } AS degree ORDER BY degree DESC, id LIMIT 3',
            {},
            DEFAULT_CYPHER_LIMITS,
            CORPUS_NOW,
          ),
          { workspaceId: FIXTURE_WS, rowLimit: 100, timeoutMs: 10_000 },
        )
      ).rows;
    try {
      const first = await run();
      expect(engine.answeredFromMemory).toBe(0);
      // The thread read the graph after answering: the same question is answered from it.
      expect(await run()).toEqual(first);
      expect(engine.answeredFromMemory).toBe(1);
      // A hub with five new relationships: SQL answers at once, then the new copy.
      await graphs.transaction(FIXTURE_WS, async ({ graph }) => {
        await graph.insertNode({ ...FIXTURE_NODES[0]!, id: 'hub', name: 'Hub' });
        for (const [i, n] of FIXTURE_NODES.slice(0, 5).entries()) {
          await graph.insertEdge({
            ...FIXTURE_EDGES[0]!,
            id: `hub-${i}`,
            sourceId: 'hub',
            targetId: n.id,
          });
        }
      });
      // Copies are read again at most a tenth of the time (the last read took milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const changed = await run();
      expect(changed[0]).toEqual(['hub', 5]);
      expect(engine.answeredFromMemory).toBe(1);
      expect(await run()).toEqual(changed);
      expect(engine.answeredFromMemory).toBe(2);
      // A replaced node is a change too (its name or entity type may be read).
      await graphs.transaction(FIXTURE_WS, async ({ graph }) => {
        const hub = (await graph.getNode('hub'))!;
        await graph.replaceNode(
          { ...hub, name: 'Renamed hub', version: hub.version + 1 },
          hub.version,
        );
      });
      expect(await run()).toEqual(changed);
      expect(engine.answeredFromMemory).toBe(2);
    } finally {
      await engine.close();
      await graphs.close();
      database.close();
    }
  });
});
