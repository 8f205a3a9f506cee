import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCypherEngine } from '../../../../../src/adapters/sqlite/cypher/runtime/engine';
import {
  ShortestPathLimitError,
  ShortestPathSearches,
} from '../../../../../src/adapters/sqlite/cypher/runtime/shortest-path-search';
import { openDatabase, type SqliteDatabase } from '../../../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../../../src/adapters/sqlite/graph-store';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../../../src/cypher/index';
import type { GraphEdge, GraphNode } from '../../../../../src/domain/graph';
import { loadGraph } from '../../../../contract/cypher/fixture-graph';

describe('ShortestPathSearches', () => {
  it('says each node is new once per start, and ends a search once its ends are reached', () => {
    const searches = new ShortestPathSearches(100);
    searches.start('t', 'a', ['c', 'd']);
    searches.start('t', 'x', ['a']);
    expect(searches.visit('t', 'a', 'a')).toBe(false);
    expect(searches.visit('t', 'a', 'b')).toBe(true);
    expect(searches.visit('t', 'a', 'b')).toBe(false);
    expect(searches.visit('t', 'x', 'b')).toBe(true);
    expect(searches.visit('t', 'a', 'c')).toBe(true);
    expect(searches.open('t', 'a')).toBe(true);
    expect(searches.visit('t', 'a', 'd')).toBe(true);
    // Every end sought from `a` is reached: nothing further is worth expanding.
    expect(searches.open('t', 'a')).toBe(false);
    expect(searches.visit('t', 'a', 'e')).toBe(false);
    expect(searches.open('t', 'x')).toBe(true);
  });

  it('ends at once a search whose start is the only end sought', () => {
    const searches = new ShortestPathSearches(100);
    searches.start('t', 'a', ['a']);
    expect(searches.open('t', 'a')).toBe(false);
  });

  it('counts the nodes a pattern visits over all its starts, and throws past the bound', () => {
    const searches = new ShortestPathSearches(4);
    searches.start('t', 'a', ['z']);
    searches.start('t', 'b', ['z']);
    // Another pattern of the statement counts apart.
    searches.start('u', 'a', ['z']);
    expect(searches.visit('t', 'a', 'c')).toBe(true);
    expect(searches.visit('t', 'b', 'c')).toBe(true);
    expect(() => searches.visit('t', 'b', 'd')).toThrow(ShortestPathLimitError);
    expect(searches.visit('u', 'a', 'c')).toBe(true);
  });

  it('starts afresh when the statement runs again, and forgets everything on clear()', () => {
    const searches = new ShortestPathSearches(3);
    for (let run = 0; run < 5; run += 1) {
      searches.start('t', 'a', ['z']);
      expect(searches.visit('t', 'a', 'b')).toBe(true);
      expect(searches.visit('t', 'a', 'c')).toBe(true);
    }
    searches.clear();
    expect(searches.visit('t', 'a', 'd')).toBe(false);
    expect(searches.open('t', 'a')).toBe(false);
  });
});

describe('shortest paths on the embedded store: the bound on visited nodes', () => {
  const AT = '2026-01-12T09:30:00.000Z';
  const node = (id: string): GraphNode => ({
    id,
    entityType: 'Station',
    name: id,
    properties: {},
    version: 1,
    createdAt: AT,
    updatedAt: AT,
  });
  const edge = (i: number): GraphEdge => ({
    id: `e${i}`,
    type: 'NEXT',
    sourceId: `n${i}`,
    targetId: `n${i + 1}`,
    properties: {},
    version: 1,
    createdAt: AT,
    updatedAt: AT,
  });
  let dir: string;
  let db: SqliteDatabase;
  let engine: SqliteCypherEngine;
  const run = (query: string, timeoutMs = 10_000) =>
    engine.run(prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, Date.now()), {
      workspaceId: 'ws',
      rowLimit: 100,
      timeoutMs,
    });
  const failure = (query: string, timeoutMs?: number) =>
    run(query, timeoutMs).then(
      () => null,
      (e: unknown) => e,
    );

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-shortest-bound-'));
    const filename = path.join(dir, 'graph.db');
    db = openDatabase({ filename });
    // A line n0 -> n1 -> ... -> n39, and a node on its own.
    await loadGraph(
      new SqliteGraphStore(db),
      'ws',
      [...Array.from({ length: 40 }, (_, i) => node(`n${i}`)), node('lonely')],
      Array.from({ length: 39 }, (_, i) => edge(i)),
    );
    engine = new SqliteCypherEngine({
      filename,
      indexedKeys: new Set(),
      threads: 1,
      shortestPathNodes: 20,
    });
  });
  afterAll(async () => {
    await engine.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const between = (to: string, pattern = '-[*]-') =>
    `MATCH (a {id: 'n0'}), (b {id: '${to}'}) MATCH p = shortestPath((a)${pattern}(b)) RETURN length(p) AS hops`;

  it('answers a search that ends within the bound, however long the graph around it', async () => {
    expect((await run(between('n12'))).rows).toEqual([[12]]);
    expect((await run(between('n18', '-[*..30]->'))).rows).toEqual([[18]]);
  });

  it('answers 400 CYPHER_LIMIT_EXCEEDED (shortestPathNodes) once a search visits more', async () => {
    for (const query of [
      between('n30'),
      // Nothing to find: the search would visit the whole line.
      between('lonely'),
      // Every pair: forty searches, over the bound together.
      'MATCH (a), (b) MATCH p = shortestPath((a)-[*]->(b)) RETURN count(p) AS c',
    ]) {
      expect(await failure(query)).toMatchObject({
        status: 400,
        code: 'CYPHER_LIMIT_EXCEEDED',
        details: { limit: 'shortestPathNodes', max: 20 },
        message: expect.stringContaining('at most 20 nodes') as unknown,
      });
    }
    // The thread serves the next query as before.
    expect((await run(between('n3', '-[*]->'))).rows).toEqual([[3]]);
  });
});
