/**
 * Analyst Cypher on the embedded store (docs/cypher.md): every query of the contract
 * corpus over a graph of BENCH_CYPHER_NODES nodes (default 100,000), and a two-hop pattern
 * query against GET /api/queries/nodes/{id}/neighbors asking the same question.
 *
 * Steps: the graph is written straight into a fresh store (the corpus's fixture graph,
 * then generated nodes of other entity types, each linked to the next one and to a random
 * earlier one, the fixture wired into them); the service starts on it; each corpus query
 * runs once to warm up, then BENCH_CYPHER_RUNS times (default 7) one after another, and
 * its median is compared with the goal. Goals, printed met / NOT met:
 *   - every corpus query: p50 <= 50 ms;
 *   - the two-hop pattern query from one node: p50 within 2x of the neighbors route's.
 * Numbers taken on a shared machine are noisy; the goals are judged on a quiet one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../src/adapters/sqlite/graph-store';
import type { GraphEdge, GraphNode } from '../src/domain/graph';
import { CORPUS } from '../test/contract/cypher/corpus';
import { FIXTURE_EDGES, FIXTURE_NODES, loadGraph } from '../test/contract/cypher/fixture-graph';
import { envChoice, envNumber } from './lib/env';
import { installCleanup, stopAll } from './lib/processes';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, formatInt, median } from './lib/stats';

const knobs = {
  nodes: envNumber('BENCH_CYPHER_NODES', 100_000, { min: 100, integer: true }),
  runs: envNumber('BENCH_CYPHER_RUNS', 7, { min: 1, integer: true }),
  entry: envChoice('BENCH_CYPHER_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
};

const QUERY_GOAL_MS = 50;
const TWO_HOP_RATIO_GOAL = 2;
const TYPES = ['Asset', 'Part', 'Line', 'Meter', 'Zone'];
const EDGE_TYPES = ['LINKS', 'PART_OF', 'MEASURES'];
const CHUNK = 5_000;

const out = (line: string) => process.stdout.write(`${line}\n`);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** A deterministic generator, so that runs compare. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const at = '2026-01-10T08:00:00.000Z';
const genId = (i: number) => `g${String(i).padStart(6, '0')}`;

/** Writes the fixture and the generated graph into the store of `dataDir`. */
async function buildGraph(dataDir: string, workspaceId: string): Promise<void> {
  const db = openDatabase({ filename: path.join(dataDir, 'ontology.db') });
  const store = new SqliteGraphStore(db);
  const random = seeded(42);
  const generated = knobs.nodes - FIXTURE_NODES.length;
  await loadGraph(store, workspaceId, FIXTURE_NODES, FIXTURE_EDGES);
  let edgeNo = 0;
  for (let start = 0; start < generated; start += CHUNK) {
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    for (let i = start; i < Math.min(generated, start + CHUNK); i += 1) {
      nodes.push({
        id: genId(i),
        entityType: TYPES[i % TYPES.length]!,
        name: `Generated ${i}`,
        properties: { rank: i % 1000, status: i % 3 === 0 ? 'on' : 'off' },
        version: 1,
        createdAt: at,
        updatedAt: at,
      });
      const targets = i === 0 ? [] : [i - 1, Math.floor(random() * i)];
      for (const target of targets) {
        edges.push({
          id: `ge${(edgeNo += 1)}`,
          type: EDGE_TYPES[edgeNo % EDGE_TYPES.length]!,
          sourceId: genId(i),
          targetId: genId(target),
          properties: {},
          version: 1,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
    await loadGraph(store, workspaceId, nodes, edges);
  }
  // The fixture joins the generated graph, so that its walks have somewhere to go.
  const links = FIXTURE_NODES.map((n, i) => ({
    id: `gf${i}`,
    type: 'LINKS',
    sourceId: n.id,
    targetId: genId(i * 7),
    properties: {},
    version: 1,
    createdAt: at,
    updatedAt: at,
  }));
  await loadGraph(store, workspaceId, [], links);
  db.close();
}

async function timed(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  if (!res.ok) {
    throw new Error(`${res.status} from the service`);
  }
  return performance.now() - started;
}

async function p50(request: () => Promise<Response>): Promise<number> {
  await timed(request);
  const times: number[] = [];
  for (let i = 0; i < knobs.runs; i += 1) {
    times.push(await timed(request));
  }
  return median(times);
}

function cypher(service: BenchService, query: string, parameters: Record<string, unknown> = {}) {
  return () =>
    fetch(`${service.baseUrl}/api/queries/cypher`, {
      method: 'POST',
      headers: service.headers,
      body: JSON.stringify({ query, parameters }),
    });
}

async function main(): Promise<void> {
  installCleanup(60 * 60 * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cypher-'));
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const workspaceId = randomUUID();
  out(
    `Cypher benchmark: ${formatInt(knobs.nodes)} nodes, ${knobs.runs} runs per query (${knobs.entry})`,
  );
  const built = performance.now();
  await buildGraph(dataDir, workspaceId);
  out(`graph written in ${formatFixed((performance.now() - built) / 1000, 1)} s`);
  const service = await startBenchService({
    tmp,
    name: 'cypher',
    entry: knobs.entry,
    dataDir,
    workspaceId,
    env: { CYPHER_TIMEOUT_MS: '60000' },
  });
  const slow: string[] = [];
  try {
    out(`\nCorpus queries (goal: p50 <= ${QUERY_GOAL_MS} ms each)`);
    for (const c of CORPUS) {
      const ms = await p50(cypher(service, c.query, c.parameters));
      const met = ms <= QUERY_GOAL_MS;
      if (!met) {
        slow.push(c.name);
      }
      out(`  ${formatFixed(ms, 1).padStart(8)} ms  ${verdict(met).padEnd(7)}  ${c.name}`);
    }
    out(
      `GOAL every corpus query p50 <= ${QUERY_GOAL_MS} ms: ${verdict(slow.length === 0)}` +
        (slow.length > 0 ? ` (${slow.length} of ${CORPUS.length} above)` : ''),
    );

    const from = genId(Math.floor((knobs.nodes - FIXTURE_NODES.length) / 2));
    const route = await p50(() =>
      fetch(`${service.baseUrl}/api/queries/nodes/${from}/neighbors?depth=2&direction=both`, {
        headers: service.headers,
      }),
    );
    const pattern = await p50(
      cypher(service, 'MATCH (n {id: $id})-[*1..2]-(m) RETURN DISTINCT m', { id: from }),
    );
    const ratio = pattern / route;
    out(`\nTwo hops from ${from} (goal: Cypher within ${TWO_HOP_RATIO_GOAL}x of the route)`);
    out(`  neighbors route p50: ${formatFixed(route, 1)} ms`);
    out(`  Cypher pattern p50:  ${formatFixed(pattern, 1)} ms (${formatFixed(ratio, 2)}x)`);
    out(
      `GOAL two-hop pattern within ${TWO_HOP_RATIO_GOAL}x of the neighbors route: ${verdict(ratio <= TWO_HOP_RATIO_GOAL)}`,
    );
  } finally {
    await stopAll();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch(async (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  await stopAll();
  process.exit(1);
});
