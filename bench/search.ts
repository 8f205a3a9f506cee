/**
 * Search benchmark, in one run, on the embedded default (SQLite + sqlite-vec behind the
 * in-memory HNSW index, the bundled Universal Sentence Encoder lite on onnxruntime), with
 * the service started as `npm start` runs it. Prints every goal as met or NOT met:
 *
 * 1. Embedder: index-batch throughput and single-query time (diagnostics).
 *    Memory: the service's resident set (VmRSS; peak VmHWM, threads) on an empty store
 *    after start and after its first search (goal: under 300 MB, so that it fits a 512 MB
 *    container), and after the index of each seeded workspace below is built (Linux only).
 * 2. A workspace of BENCH_NODES (20,000) nodes with two edges each, seeded through the
 *    service's SQLite adapter (the outbox triggers enqueue each node); the service is
 *    started on it and its indexer drains the outbox: initial indexing, nodes/s.
 * 3. POST /api/rag/search (topK 10) at BENCH_CONNECTIONS (10) connections, cycling through
 *    BENCH_QUERIES (4,000) distinct queries: p50 and p99. The service runs with the
 *    recent-queries cache off (SEARCH_QUERY_CACHE=0): every search embeds its query.
 * 4. POST /api/rag/hybrid-search, depth 1: p50.
 * 5. BENCH_BACKLOG (5,000) nodes of the workspace put back in the outbox (a bulk change),
 *    then searches at once while they are indexed: p50, with the backlog before and after.
 * 6. Indexing lag under BENCH_STREAM_RATE (200) CREATE_NODE commands/s for BENCH_STREAM_S.
 * 7. recall@10 of search (the ANN path, through HTTP) against an exact scan of the stored
 *    vectors, over BENCH_RECALL_QUERIES queries; recall@5 of the bundled model and of the
 *    reference TensorFlow.js model on the labelled set of the tests.
 * 8. A second service on a workspace of BENCH_LARGE_NODES (100,000) nodes: initial indexing
 *    and search p50 at the same concurrency.
 *
 * A report: exits 0 whether or not the goals are met. Do not run it while others test.
 * Knobs (env): BENCH_NODES, BENCH_LARGE_NODES (0 skips step 8), BENCH_QUERIES,
 * BENCH_DURATION_S (10), BENCH_WARMUP_S (2), BENCH_CONNECTIONS, BENCH_BACKLOG,
 * BENCH_STREAM_RATE, BENCH_STREAM_S (15), BENCH_RECALL_QUERIES (200),
 * BENCH_FULL_ENTRY (compiled | tsx), BENCH_KEEP_TMP (1).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeText } from '../src/search/node-text';
import { envChoice, envFlag, envNumber } from './lib/env';
import { indexingLag } from './lib/indexing-lag';
import { installCleanup, stopAll } from './lib/processes';
import { benchNode, benchQueries, seedGraph } from './lib/search-data';
import { emptyStoreMemory, processMemory, type ProcessMemory } from './lib/search-memory';
import {
  annRecallAt10,
  embedderThroughput,
  enqueueBacklog,
  indexStatus,
  labelledRecall,
  searchLoad,
  waitForGraph,
  waitForIndex,
} from './lib/search-measures';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, formatInt, renderTable } from './lib/stats';

const knobs = {
  nodes: envNumber('BENCH_NODES', 20_000, { min: 100, integer: true }),
  largeNodes: envNumber('BENCH_LARGE_NODES', 100_000, { min: 0, integer: true }),
  queries: envNumber('BENCH_QUERIES', 4000, { min: 10, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 10, { min: 1 }),
  warmupS: envNumber('BENCH_WARMUP_S', 2, { min: 0 }),
  connections: envNumber('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
  backlog: envNumber('BENCH_BACKLOG', 5000, { min: 1, integer: true }),
  streamRate: envNumber('BENCH_STREAM_RATE', 200, { min: 1 }),
  streamS: envNumber('BENCH_STREAM_S', 15, { min: 1 }),
  recallQueries: envNumber('BENCH_RECALL_QUERIES', 200, { min: 1, integer: true }),
  entry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  keepTmp: envFlag('BENCH_KEEP_TMP'),
};

/** Vectors a workspace needs for an approximate graph (HnswVectorIndex's minPoints). */
const GRAPH_MIN_POINTS = 2000;

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

interface Goal {
  name: string;
  value: number;
  unit: string;
  /** Met when `value <= at` ('max') or `value >= at` ('min'). */
  kind: 'max' | 'min';
  at: number;
  detail: string;
}

const goals: Goal[] = [];
const diagnostics: string[][] = [];

function goal(entry: Goal): void {
  goals.push(entry);
  out(`  ${entry.name}: ${formatFixed(entry.value, decimals(entry.unit))} ${entry.unit}`);
}

/** Decimals a goal's value is shown with: ms to 0.1, MB whole, ratios to 0.001. */
function decimals(unit: string): number {
  return unit === 'ms' ? 1 : unit === 'MB' ? 0 : 3;
}

async function main(): Promise<void> {
  installCleanup((knobs.nodes / 20 + knobs.largeNodes / 20 + knobs.durationS * 10 + 900) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const started = new Date();
  try {
    out(`Search benchmark, ${started.toISOString()}`);
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const queries = benchQueries(knobs.queries);
    out(
      `  ${formatInt(queries.length)} distinct queries, e.g. "${queries[0]}", "${queries[1]}"; the recent-queries cache is off (SEARCH_QUERY_CACHE=0)`,
    );

    const at = new Date().toISOString();
    const sample = Array.from({ length: 2048 }, (_, i) => nodeText(benchNode(i, at)));
    const embed = await embedderThroughput(sample);
    diagnostics.push([
      'embedder, index batches (texts/s)',
      formatFixed(embed.perSecond, 0),
      `model built and loaded in every thread, with a first batch of 64, in ${formatInt(embed.loadMs)} ms`,
    ]);
    diagnostics.push(['embedder, one query (ms)', formatFixed(embed.queryMs, 2), 'median of 200']);

    await emptyStore(tmp);

    await smallWorkspace(tmp, queries);
    if (knobs.largeNodes > 0) {
      await largeWorkspace(tmp, queries);
    }

    const labelled = await labelledRecall();
    goal({
      name: 'labelled recall@5, bundled vs reference',
      value: labelled.bundled,
      unit: '',
      kind: 'min',
      at: labelled.reference,
      detail: `reference (TensorFlow.js USE-lite) ${formatFixed(labelled.reference, 3)}`,
    });

    out();
    out('Diagnostics');
    out(renderTable([['measure', 'value', 'detail'], ...diagnostics]));
    out();
    out(`Goals (run started ${started.toISOString()})`);
    out(
      renderTable([
        ['goal', 'value', 'target', 'met', 'detail'],
        ...goals.map((g) => [
          g.name,
          formatFixed(g.value, decimals(g.unit)),
          `${g.kind === 'max' ? '<=' : '>='} ${formatFixed(g.at, g.unit === 'ms' || g.unit === 'MB' ? 0 : 3)}`,
          met(g) ? 'yes' : 'NO',
          g.detail,
        ]),
      ]),
    );
    const missed = goals.filter((g) => !met(g));
    out();
    out(
      missed.length === 0
        ? 'Every goal met.'
        : `Goals NOT met: ${missed.map((g) => g.name).join('; ')}`,
    );
  } finally {
    await stopAll();
    if (knobs.keepTmp) {
      out(`kept ${tmp}`);
    } else {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
}

function met(g: Goal): boolean {
  return g.kind === 'max' ? g.value <= g.at : g.value >= g.at;
}

/** Step 1, memory: the service on an empty store, after start and after its first search. */
async function emptyStore(tmp: string): Promise<void> {
  const memory = await emptyStoreMemory({
    tmp,
    entry: knobs.entry,
    dataDir: path.join(tmp, 'empty-data'),
  });
  diagnostics.push(memoryRow('memory after start, empty store (MB)', memory.started));
  diagnostics.push(
    memoryRow(
      'memory after the first search, empty store (MB)',
      memory.firstSearch,
      `first search ${formatInt(memory.firstSearchMs)} ms (model built and loaded)`,
    ),
  );
  if (memory.firstSearch) {
    goal({
      name: 'RSS after the first search, empty store',
      value: memory.firstSearch.rssMb,
      unit: 'MB',
      kind: 'max',
      // Below this the service fits a 512 MB container with room for a working set.
      at: 300,
      detail: `peak ${formatInt(memory.firstSearch.peakMb)} MB, ${memory.firstSearch.threads} threads; ${formatInt(memory.started?.rssMb ?? 0)} MB after start; ${knobs.entry === 'tsx' ? 'from sources with tsx (its loader in every thread: compiled uses less)' : 'compiled, as npm start runs it'}`,
    });
  } else {
    out('  memory: unknown here (no /proc/<pid>/status): the memory goal is not measured');
  }
}

/** A diagnostics row of a memory reading: RSS, with the peak and threads as detail. */
function memoryRow(measure: string, memory: ProcessMemory | null, more?: string): string[] {
  if (!memory) {
    return [measure, 'unknown', 'no /proc/<pid>/status (not Linux)'];
  }
  return [
    measure,
    formatInt(memory.rssMb),
    [`peak ${formatInt(memory.peakMb)} MB`, `${memory.threads} threads`, more]
      .filter(Boolean)
      .join(', '),
  ];
}

/** Steps 2 to 7 on a workspace of BENCH_NODES nodes. */
async function smallWorkspace(tmp: string, queries: readonly string[]): Promise<void> {
  const { service, dbFile } = await seededService(tmp, 'small', knobs.nodes);
  const load = {
    connections: knobs.connections,
    durationS: knobs.durationS,
    warmupS: knobs.warmupS,
  };

  const search = await searchLoad(service, '/api/rag/search', queries, load);
  const detail = `${formatInt(search.rps)} req/s, ${cpuDetail(search.serverCpuMs)}, ${knobs.connections} connections, ${search.problems} non-2xx`;
  goal({
    name: `search p50, ${formatInt(knobs.nodes)} nodes`,
    value: search.p50,
    unit: 'ms',
    kind: 'max',
    at: 15,
    detail,
  });
  goal({
    name: `search p99, ${formatInt(knobs.nodes)} nodes`,
    value: search.p99,
    unit: 'ms',
    kind: 'max',
    at: 40,
    detail,
  });

  const hybrid = await searchLoad(service, '/api/rag/hybrid-search', queries, {
    ...load,
    extra: { depth: 1 },
  });
  goal({
    name: `hybrid search depth 1 p50, ${formatInt(knobs.nodes)} nodes`,
    value: hybrid.p50,
    unit: 'ms',
    kind: 'max',
    at: 25,
    detail: `p99 ${formatFixed(hybrid.p99, 1)} ms, ${formatInt(hybrid.rps)} req/s, ${cpuDetail(hybrid.serverCpuMs)}, ${hybrid.problems} non-2xx`,
  });

  const queued = enqueueBacklog(dbFile, service.workspaceId, knobs.backlog);
  const before = await indexStatus(service);
  const during = await searchLoad(
    service,
    '/api/rag/search',
    queries.slice(Math.floor(queries.length / 2)),
    {
      ...load,
      warmupS: 0,
      durationS: Math.min(knobs.durationS, 3),
    },
  );
  const after = await indexStatus(service);
  goal({
    name: `search p50 while ${formatInt(queued)} entries are pending`,
    value: during.p50,
    unit: 'ms',
    kind: 'max',
    at: 30,
    detail: `pending ${formatInt(before.pending)} at the start, ${formatInt(after.pending)} at the end; p99 ${formatFixed(during.p99, 1)} ms`,
  });
  await waitForIndex(service, knobs.nodes, 600_000, out);

  const lag = await indexingLag(service, dbFile, knobs.streamRate, knobs.streamS);
  goal({
    name: `indexing lag p50 under ${knobs.streamRate} commands/s`,
    value: lag.p50,
    unit: 'ms',
    kind: 'max',
    at: 1000,
    detail: `p99 ${formatInt(lag.p99)} ms; ${formatInt(lag.sent)} commands at ${formatFixed(lag.ratePerSecond, 0)}/s, command p50 ${formatFixed(lag.commandP50, 1)} ms, ${lag.failures} failed, ${lag.neverIndexed} never indexed`,
  });

  const recall = await annRecallAt10(service, dbFile, queries.slice(0, knobs.recallQueries));
  goal({
    name: 'recall@10, search vs exact scan',
    value: recall.recall,
    unit: '',
    kind: 'min',
    at: 0.98,
    detail: `${knobs.recallQueries} queries over ${formatInt(recall.points)} stored vectors`,
  });
  await service.stop();
}

/** Step 8: initial indexing and search latency on BENCH_LARGE_NODES nodes. */
async function largeWorkspace(tmp: string, queries: readonly string[]): Promise<void> {
  const { service } = await seededService(tmp, 'large', knobs.largeNodes);
  const search = await searchLoad(service, '/api/rag/search', queries, {
    connections: knobs.connections,
    durationS: knobs.durationS,
    warmupS: knobs.warmupS,
  });
  goal({
    name: `search p50, ${formatInt(knobs.largeNodes)} nodes`,
    value: search.p50,
    unit: 'ms',
    kind: 'max',
    at: 25,
    detail: `p99 ${formatFixed(search.p99, 1)} ms, ${formatInt(search.rps)} req/s, ${cpuDetail(search.serverCpuMs)}, ${search.problems} non-2xx`,
  });
  await service.stop();
}

/** Seeds a fresh store, starts the service on it and measures its initial indexing. */
async function seededService(
  tmp: string,
  name: string,
  nodes: number,
): Promise<{ service: BenchService; dbFile: string }> {
  const dataDir = path.join(tmp, `${name}-data`);
  fs.mkdirSync(dataDir);
  const dbFile = path.join(dataDir, 'ontology.db');
  const workspaceId = randomUUID();
  const seeded = await seedGraph(dbFile, workspaceId, nodes);
  out(
    `  ${name}: seeded ${formatInt(nodes)} nodes and their edges in ${formatFixed(seeded.ms / 1000, 1)} s`,
  );
  const service = await startBenchService({
    tmp,
    name,
    entry: knobs.entry,
    dataDir,
    workspaceId,
    // Every search embeds its query: the load cycles through its queries (and the hybrid
    // and backlog steps reuse them), which the recent-queries cache would answer.
    env: { SEARCH_QUERY_CACHE: '0' },
  });
  const ms = await waitForIndex(service, nodes, 60 * 60_000, out);
  // A smaller workspace is searched exactly: no graph comes to wait for.
  const graphMs = nodes >= GRAPH_MIN_POINTS ? await waitForGraph(service, 10 * 60_000) : 0;
  const graph = (await indexStatus(service)).approximate;
  diagnostics.push([
    `approximate graph, ${formatInt(nodes)} nodes (s)`,
    formatFixed(graphMs / 1000, 1),
    `after the outbox emptied: ${graph?.mode ?? 'none'}, ${formatInt(graph?.points ?? 0)} points`,
  ]);
  diagnostics.push(
    memoryRow(
      `memory, ${formatInt(nodes)} nodes indexed (MB)`,
      processMemory(service.pid),
      'index and graph built; the peak is that of indexing',
    ),
  );
  goal({
    name: `initial indexing, ${formatInt(nodes)} nodes`,
    value: (nodes * 1000) / ms,
    unit: 'nodes/s',
    kind: 'min',
    at: 1500,
    detail: `${formatFixed(ms / 1000, 1)} s from start to an empty outbox (model load included); the graph ${formatFixed(graphMs / 1000, 1)} s later`,
  });
  return { service, dbFile };
}

function cpuDetail(ms: number | null): string {
  return ms === null ? 'server CPU unknown' : `${formatFixed(ms, 2)} ms server CPU/request`;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
