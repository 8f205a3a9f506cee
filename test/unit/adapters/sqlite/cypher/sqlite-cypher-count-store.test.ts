import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileToSql } from '../../../../../src/adapters/sqlite/cypher/compile/compile-query';
import { SqliteCypherEngine } from '../../../../../src/adapters/sqlite/cypher/runtime/engine';
import { openDatabase, type SqliteDatabase } from '../../../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../../../src/adapters/sqlite/graph-store';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../../../src/cypher/index';
import {
  DECOY_EDGES,
  DECOY_NODES,
  FIXTURE_EDGES,
  FIXTURE_NODES,
  fixtureEdge,
  fixtureNode,
  loadGraph,
} from '../../../../contract/cypher/fixture-graph';

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
    'MATCH (a)-[r]->(a) RETURN count(r)',
    'MATCH (a)-[r:LINKS]-(a) RETURN count(*)',
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

describe('whole counts: the counters answer what counting the records answers', () => {
  let dir: string;
  let db: SqliteDatabase;
  let engine: SqliteCypherEngine;
  const run = async (query: string) =>
    (
      await engine.run(prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, Date.now()), {
        workspaceId: 'ws1',
        rowLimit: 100,
        timeoutMs: 5000,
      })
    ).rows;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-store-'));
    const file = path.join(dir, 'ontology.db');
    db = openDatabase({ filename: file });
    const store = new SqliteGraphStore(db);
    await loadGraph(store, 'ws1', FIXTURE_NODES, FIXTURE_EDGES);
    await loadGraph(store, 'ws2', DECOY_NODES, DECOY_EDGES);
    // Writes after the load: a node changing type, edges deleted (the self-loop among
    // them) and added, so the counters have followed more than inserts.
    await store.transaction('ws1', async ({ graph }) => {
      const pump = fixtureNode('p2');
      await graph.replaceNode(
        { ...pump, entityType: 'Valve', version: pump.version + 1 },
        pump.version,
      );
      for (const edge of FIXTURE_EDGES.filter((e) => e.sourceId === e.targetId)) {
        await graph.deleteEdge(edge.id);
      }
      const first = fixtureEdge(FIXTURE_EDGES[0]!.id);
      await graph.deleteEdge(first.id);
      await graph.insertEdge({ ...first, id: 'loop-new', targetId: first.sourceId });
    });
    await store.close();
    engine = new SqliteCypherEngine({ filename: file, indexedKeys: new Set(), threads: 1 });
  });
  afterAll(async () => {
    await engine.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    'MATCH (n) RETURN count(n) AS c',
    'MATCH (n:Pump) RETURN count(*) AS c',
    'MATCH (n:Valve) RETURN count(n) AS c',
    'MATCH (n:Nothing) RETURN count(n) AS c',
    'MATCH ()-[r]->() RETURN count(r) AS c',
    'MATCH ()<-[r]-() RETURN count(*) AS c',
    'MATCH (a)-[r:FEEDS|FLOWS_TO]->(b) RETURN count(a) AS c',
    'MATCH ()-[r]-() RETURN count(r) AS c',
    'MATCH ()-[r:FEEDS]-() RETURN count(r) AS c',
    'MATCH (a)-[r]->(a) RETURN count(r) AS c',
    'MATCH (a)-[r]-(a) RETURN count(*) AS c',
    'MATCH (a)<-[r:RECIRCULATES]-(a) RETURN count(*) AS c',
  ])('%s', async (query) => {
    const counted = query.replace(' RETURN ', ' WHERE true RETURN ');
    expect(fromCounters(query)).toBe(true);
    expect(fromCounters(counted)).toBe(false);
    expect(await run(query)).toEqual(await run(counted));
  });
});
