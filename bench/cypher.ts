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
 *     Both take a few milliseconds, so a handful of runs would mostly time code not yet
 *     optimised by V8: each is sent BENCH_CYPHER_TWO_HOP_WARMUP times (default 100), then
 *     BENCH_CYPHER_TWO_HOP_RUNS times (default 300) alternately, one request at a time.
 * Numbers taken on a shared machine are noisy; the goals are judged on a quiet one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CORPUS } from '../test/contract/cypher/corpus';
import { FIXTURE_NODES } from '../test/contract/cypher/fixture-graph';
import { buildCypherGraph, generatedNodeId } from './lib/cypher-graph';
import { envChoice, envNumber } from './lib/env';
import { installCleanup, stopAll } from './lib/processes';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, formatInt, median } from './lib/stats';

const knobs = {
  nodes: envNumber('BENCH_CYPHER_NODES', 100_000, { min: 100, integer: true }),
  runs: envNumber('BENCH_CYPHER_RUNS', 7, { min: 1, integer: true }),
  twoHopWarmup: envNumber('BENCH_CYPHER_TWO_HOP_WARMUP', 100, { min: 0, integer: true }),
  twoHopRuns: envNumber('BENCH_CYPHER_TWO_HOP_RUNS', 300, { min: 1, integer: true }),
  entry: envChoice('BENCH_CYPHER_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
};

const QUERY_GOAL_MS = 50;
const TWO_HOP_RATIO_GOAL = 2;

const out = (line: string) => process.stdout.write(`${line}\n`);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

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

/** Medians of two requests sent alternately, after each was sent to warm up. */
async function alternating(
  route: () => Promise<Response>,
  pattern: () => Promise<Response>,
): Promise<{ route: number; pattern: number }> {
  for (let i = 0; i < knobs.twoHopWarmup; i += 1) {
    await timed(route);
    await timed(pattern);
  }
  const times = { route: [] as number[], pattern: [] as number[] };
  for (let i = 0; i < knobs.twoHopRuns; i += 1) {
    times.route.push(await timed(route));
    times.pattern.push(await timed(pattern));
  }
  return { route: median(times.route), pattern: median(times.pattern) };
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
  await buildCypherGraph(dataDir, workspaceId, knobs.nodes);
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

    const from = generatedNodeId(Math.floor((knobs.nodes - FIXTURE_NODES.length) / 2));
    const { route, pattern } = await alternating(
      () =>
        fetch(`${service.baseUrl}/api/queries/nodes/${from}/neighbors?depth=2&direction=both`, {
          headers: service.headers,
        }),
      cypher(service, 'MATCH (n {id: $id})-[*1..2]-(m) RETURN DISTINCT m', { id: from }),
    );
    const ratio = pattern / route;
    out(`\nTwo hops from ${from} (goal: Cypher within ${TWO_HOP_RATIO_GOAL}x of the route)`);
    out(`  neighbors route p50: ${formatFixed(route, 2)} ms`);
    out(`  Cypher pattern p50:  ${formatFixed(pattern, 2)} ms (${formatFixed(ratio, 2)}x)`);
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
