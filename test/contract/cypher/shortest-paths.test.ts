import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteCypherEngine } from '../../../src/adapters/sqlite/cypher/runtime/engine';
import { openDatabase } from '../../../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../../../src/adapters/sqlite/graph-store';
import { DEFAULT_CYPHER_LIMITS, prepareCypher } from '../../../src/cypher/index';
import type { GraphEdge, GraphNode } from '../../../src/domain/graph';
import type { CypherEngine } from '../../../src/ports/cypher-engine';
import type { GraphStore } from '../../../src/ports/graph-store';
import { announceSkip, neo4jTarget, purge, recordWorkspaces } from '../../support/neo4j';
import { loadGraph } from './fixture-graph';

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
const edge = (id: string, type: string, sourceId: string, targetId: string): GraphEdge => ({
  id,
  type,
  sourceId,
  targetId,
  properties: {},
  version: 1,
  createdAt: AT,
  updatedAt: AT,
});

/** `${prefix}0 -> ${prefix}1 -> ... -> ${prefix}${hops}` along `type`. */
function line(
  prefix: string,
  hops: number,
  type = 'NEXT',
): { nodes: string[]; edges: GraphEdge[] } {
  const nodes = Array.from({ length: hops + 1 }, (_, i) => `${prefix}${i}`);
  const edges = nodes.slice(1).map((id, i) => edge(`${prefix}-${type}-${i}`, type, nodes[i]!, id));
  return { nodes, edges };
}

/**
 * `x0 -> x1 -> ... -> x14`, with a detour x0 -> d1 -> ... -> x14 of 16 hops; three routes
 * of 8 hops from `s` to `t` (two of them along NEXT, one along SIDE) and a longer one of 11;
 * three routes of 12 hops from `u` to `w`.
 */
function shortestPathGraph(): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const ids = new Set<string>();
  const edges: GraphEdge[] = [];
  const add = (part: { nodes: string[]; edges: GraphEdge[] }) => {
    part.nodes.forEach((id) => ids.add(id));
    edges.push(...part.edges);
  };
  add(line('x', 14));
  const detour = line('d', 16);
  add({
    nodes: detour.nodes.slice(1, -1),
    edges: detour.edges.map((e) => ({
      ...e,
      sourceId: e.sourceId === 'd0' ? 'x0' : e.sourceId,
      targetId: e.targetId === 'd16' ? 'x14' : e.targetId,
    })),
  });
  // A route from `from` to `to` through fresh nodes `${prefix}1..`.
  const route = (prefix: string, from: string, to: string, hops: number, type = 'NEXT') => {
    const part = line(prefix, hops, type);
    const rename = (id: string) =>
      id === `${prefix}0` ? from : id === `${prefix}${hops}` ? to : id;
    add({
      nodes: part.nodes.slice(1, -1),
      edges: part.edges.map((e) => ({
        ...e,
        sourceId: rename(e.sourceId),
        targetId: rename(e.targetId),
      })),
    });
  };
  ids.add('s').add('t').add('u').add('w');
  route('sa', 's', 't', 8);
  route('sb', 's', 't', 8);
  route('sc', 's', 't', 8, 'SIDE');
  route('sd', 's', 't', 11);
  route('ua', 'u', 'w', 12);
  route('ub', 'u', 'w', 12);
  route('uc', 'u', 'w', 12);
  return { nodes: [...ids].map(node), edges };
}

interface EngineUnderTest {
  store: GraphStore;
  engine: CypherEngine;
  cleanup: () => Promise<void>;
}

function sqliteEngine(): EngineUnderTest {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-shortest-'));
  const filename = path.join(dir, 'graph.db');
  const db = openDatabase({ filename });
  const engine = new SqliteCypherEngine({ filename, indexedKeys: new Set(), threads: 1 });
  return {
    store: new SqliteGraphStore(db),
    engine,
    cleanup: async () => {
      await engine.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const target = neo4jTarget();
const engines: [string, (() => EngineUnderTest) | null][] = [
  ['sqlite', sqliteEngine],
  [
    'neo4j',
    target.available
      ? () => {
          const stores = target.open();
          const touched = new Set<string>();
          return {
            store: recordWorkspaces(stores.graph, touched),
            engine: stores.cypher,
            cleanup: async () => {
              await purge(stores.graph, touched);
              await stores.close();
            },
          };
        }
      : null,
  ],
];
if (!target.available) {
  announceSkip('the shortest-path Cypher tests', target.reason);
}

describe.each(engines)('shortest paths beyond the hop cap: %s', (name, open) => {
  if (open === null) {
    it.skip(`runs against ${name} (skipped: no server)`, () => undefined);
    return;
  }
  let t: EngineUnderTest;
  const workspaceId = randomUUID();
  const rows = async (query: string) =>
    (
      await t.engine.run(prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, Date.now()), {
        workspaceId,
        rowLimit: 1000,
        timeoutMs: 20_000,
      })
    ).rows;

  beforeAll(async () => {
    t = open();
    const graph = shortestPathGraph();
    await loadGraph(t.store, workspaceId, graph.nodes, graph.edges);
  }, 60_000);
  afterAll(() => t.cleanup());

  const between = (from: string, to: string, pattern: string, fn = 'shortestPath') =>
    `MATCH (a {id: '${from}'}), (b {id: '${to}'}) MATCH p = ${fn}((a)${pattern}(b)) ` +
    'RETURN length(p) AS hops, [n IN nodes(p) | n.id] AS ids';
  const ids = (prefix: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

  it.each([
    ['x8', '-[*..15]-', 8],
    ['x8', '-[*]-', 8],
    ['x8', '-[*]->', 8],
    ['x8', '-[:NEXT*1..]->', 8],
    ['x12', '-[*..15]-', 12],
    ['x12', '-[*]-', 12],
    ['x12', '-[*0..]->', 12],
  ])('finds the path from x0 to %s with %s', async (to, pattern, hops) => {
    const end = Number(to.slice(1));
    expect(await rows(between('x0', to, pattern))).toEqual([[hops, ids('x', 0, end)]]);
  });

  it('finds nothing beyond the bound, against the direction or along other types', async () => {
    expect(await rows(between('x0', 'x12', '-[*..11]-'))).toEqual([]);
    expect(await rows(between('x12', 'x0', '-[*]->'))).toEqual([]);
    expect(await rows(between('x0', 'x12', '-[:SIDE*]-'))).toEqual([]);
    expect(await rows(between('x12', 'x0', '<-[*]-'))).toEqual([[12, ids('x', 0, 12).reverse()]]);
  });

  it('takes the 14-hop line, not the 16-hop detour', async () => {
    // x0 -> x14 along x is 14 hops; the detour through d1..d15 is 16.
    expect(await rows(between('x0', 'x14', '-[*]-'))).toEqual([[14, ids('x', 0, 14)]]);
  });

  it('answers every shortest path with allShortestPaths, and only those', async () => {
    const all = async (from: string, to: string, pattern: string) =>
      (await rows(between(from, to, pattern, 'allShortestPaths'))).sort((a, b) =>
        JSON.stringify(a).localeCompare(JSON.stringify(b)),
      );
    const route = (prefix: string, from: string, to: string, hops: number) => [
      hops,
      [from, ...ids(prefix, 1, hops - 1), to],
    ];
    const eight = [route('sa', 's', 't', 8), route('sb', 's', 't', 8), route('sc', 's', 't', 8)];
    expect(await all('s', 't', '-[*..15]-')).toEqual(eight);
    expect(await all('s', 't', '-[*]-')).toEqual(eight);
    expect(await all('s', 't', '-[:NEXT*]->')).toEqual(eight.slice(0, 2));
    const twelve = [
      route('ua', 'u', 'w', 12),
      route('ub', 'u', 'w', 12),
      route('uc', 'u', 'w', 12),
    ];
    expect(await all('u', 'w', '-[*..15]-')).toEqual(twelve);
    expect(await all('u', 'w', '-[*]-')).toEqual(twelve);
    expect(await all('w', 'u', '<-[*]-')).toEqual(
      twelve.map(([hops, path]) => [hops, [...(path as string[])].reverse()]),
    );
  });

  it('searches from several starts towards several ends in one pattern', async () => {
    expect(
      await rows(
        "MATCH (a) WHERE a.id IN ['x0', 'x4', 'x13'] MATCH (b) WHERE b.id IN ['x3', 'x12'] " +
          'MATCH p = shortestPath((a)-[*]->(b)) RETURN a.id AS a, b.id AS b, length(p) AS hops ORDER BY a, b',
      ),
    ).toEqual([
      ['x0', 'x12', 12],
      ['x0', 'x3', 3],
      ['x4', 'x12', 8],
    ]);
  });

  it('keeps the hop cap on other variable-length relationships', () => {
    for (const query of [
      "MATCH (a {id: 'x0'})-[*..15]-(b) RETURN count(b) AS c",
      "MATCH (a {id: 'x0'})-[*]-(b) RETURN count(b) AS c",
    ]) {
      let error: unknown = null;
      try {
        prepareCypher(query, {}, DEFAULT_CYPHER_LIMITS, Date.now());
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'CYPHER_LIMIT_EXCEEDED', details: { limit: 'hops' } });
    }
  });
});
