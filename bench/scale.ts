/**
 * Scale benchmark: one workspace of BENCH_SCALE_NODES (1,000,000) nodes and twice as many
 * edges on the embedded default, built through the API as a user would, then read. Prints
 * every goal as met or NOT met (a report: exits 0 either way; non-zero only when it could
 * not run). Method and results: bench/README.md, "bench:scale".
 *
 * 1. Two services (compiled as `npm start` runs them, NODE_PROPERTY_INDEXES=rpm, embeddings
 *    from the stub): `small`, built with BENCH_SCALE_SMALL_NODES nodes, and `big`.
 * 2. Build `big`: nodes through POST /api/commands/batch (1,000 CREATE_NODE a request,
 *    BENCH_SCALE_INFLIGHT requests in flight), then BENCH_SCALE_IMPORT_NODES more through
 *    POST /api/imports in two uploads: the first alone (its rate), the second while a probe
 *    reads nodes by id (their latency during a bulk import); then the edges through batches.
 * 3. The search backlog of the build is dropped and the service left to settle, so that
 *    indexing does not compete with the reads (stated in the report).
 * 4. Reads at BENCH_CONNECTIONS connections (autocannon): get by id on `big` against `small`
 *    (rotating rounds), a filtered page (entityType + an rpm range + sort), its total, a
 *    cursor page BENCH_SCALE_CURSOR_PAGE pages deep against page 1, and an offset of 90% of
 *    the nodes, alone and while a probe reads nodes by id.
 *
 * Knobs (env): BENCH_SCALE_NODES (1000000), BENCH_SCALE_EDGES (2 x nodes),
 * BENCH_SCALE_IMPORT_NODES (200000), BENCH_SCALE_SMALL_NODES (10000), BENCH_SCALE_INFLIGHT (2),
 * BENCH_SCALE_CURSOR_PAGE (5000), BENCH_CONNECTIONS (10), BENCH_DURATION_S (5),
 * BENCH_WARMUP_S (2), BENCH_ROUNDS (3), BENCH_FULL_ENTRY (compiled | tsx), BENCH_KEEP_TMP (1),
 * BENCH_CPU_PROF (a directory: CPU-profile both services).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareVariants, ratios } from './lib/compare';
import { startEmbeddingsStub } from './lib/embeddings-stub';
import { envChoice, envFlag, envNumber } from './lib/env';
import { runLoad, type LoadResult } from './lib/load';
import { installCleanup, stopAll } from './lib/processes';
import {
  BATCH_COMMANDS,
  createEdges,
  createNodes,
  ENTITY_TYPES,
  importNodes,
  INDEXED_PROPERTY,
  RPM_VALUES,
  type BuildRate,
} from './lib/scale-build';
import { cursorOfPage, probe, timeRequests } from './lib/scale-reads';
import { dropBacklog, indexStatus, waitForSearchQuiet } from './lib/search-measures';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, formatInt, median, renderTable } from './lib/stats';

const knobs = {
  nodes: envNumber('BENCH_SCALE_NODES', 1_000_000, { min: 10_000, integer: true }),
  edges: envNumber('BENCH_SCALE_EDGES', -1, { min: -1, integer: true }),
  importNodes: envNumber('BENCH_SCALE_IMPORT_NODES', 200_000, { min: 2000, integer: true }),
  smallNodes: envNumber('BENCH_SCALE_SMALL_NODES', 10_000, { min: 1000, integer: true }),
  inflight: envNumber('BENCH_SCALE_INFLIGHT', 2, { min: 1, integer: true }),
  cursorPage: envNumber('BENCH_SCALE_CURSOR_PAGE', 5000, { min: 2, integer: true }),
  connections: envNumber('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 5, { min: 1, integer: true }),
  warmupS: envNumber('BENCH_WARMUP_S', 2, { min: 0, integer: true }),
  rounds: envNumber('BENCH_ROUNDS', 3, { min: 1, integer: true }),
  entry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  keepTmp: envFlag('BENCH_KEEP_TMP'),
  cpuProfDir: process.env.BENCH_CPU_PROF?.trim() || undefined,
};
const edges = knobs.edges < 0 ? 2 * knobs.nodes : knobs.edges;
const PAGE = 50;
const GOALS = {
  batchPerSecond: 50_000,
  importPerSecond: 50_000,
  probeP99Ms: 50,
  filteredP50Ms: 10,
  totalP50Ms: 50,
  getRatio: 0.85,
};

const out = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${formatFixed(value, 1)} ms`;
const perSecond = (rate: BuildRate) => {
  const tenths =
    rate.firstTenthPerSecond === null || rate.lastTenthPerSecond === null
      ? ''
      : `first tenth ${formatInt(rate.firstTenthPerSecond)}/s, last tenth ${formatInt(rate.lastTenthPerSecond)}/s; `;
  return `${formatInt(rate.perSecond)}/s (${tenths}${rate.serverCpuUs === null ? '?' : Math.round(rate.serverCpuUs)} us server CPU each)`;
};
const goals: string[][] = [['goal', 'measured', 'bound', 'result']];
function goal(name: string, measured: string, bound: string, met: boolean): void {
  goals.push([name, measured, bound, met ? 'met' : 'NOT met']);
}

async function main(): Promise<void> {
  if (knobs.importNodes % (2 * BATCH_COMMANDS) !== 0 || knobs.nodes % BATCH_COMMANDS !== 0) {
    throw new Error(
      'BENCH_SCALE_NODES and BENCH_SCALE_IMPORT_NODES / 2 must be multiples of 1,000',
    );
  }
  installCleanup((knobs.nodes / 4000 + edges / 4000 + 900) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const stub = await startEmbeddingsStub();
  try {
    out(`Scale: ${formatInt(knobs.nodes)} nodes and ${formatInt(edges)} edges in one workspace`);
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model.trim() ?? '?'}, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    out(
      `  embeddings from the stub (bench/lib/embeddings-stub.ts); NODE_PROPERTY_INDEXES=${INDEXED_PROPERTY}`,
    );
    const start = (name: string) =>
      startBenchService({
        tmp,
        name,
        entry: knobs.entry,
        dataDir: path.join(tmp, name),
        env: {
          EMBEDDINGS_URL: stub.url,
          EMBEDDINGS_MODEL: 'bench-stub',
          NODE_PROPERTY_INDEXES: INDEXED_PROPERTY,
        },
        ...(knobs.cpuProfDir
          ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(knobs.cpuProfDir, name)}`] }
          : {}),
      });
    const small = await start('small');
    const big = await start('big');
    const smallIds = (await createNodes(small, { from: 0, to: knobs.smallNodes }, knobs.inflight))
      .ids;
    await createEdges(small, smallIds, 2 * knobs.smallNodes, knobs.inflight);
    out(`small: ${formatInt(knobs.smallNodes)} nodes, ${formatInt(2 * knobs.smallNodes)} edges`);

    const ids = await build(big);
    const dropped = dropBacklog(path.join(tmp, 'big', 'ontology.db'), big.workspaceId);
    const settled = await waitForSearchQuiet(big, 600_000);
    out(
      `search: ${formatInt(settled.status.indexed ?? 0)} nodes indexed during the build, the other ${formatInt(dropped)} outbox entries dropped; settled in ${ms(settled.ms)} (graph ${settled.status.approximate?.mode ?? 'none'}, backlog ${formatInt(settled.status.approximate?.backlog ?? 0)})`,
    );
    await reads(small, big, ids, smallIds);
  } finally {
    await stopAll();
    await stub.close();
    if (!knobs.keepTmp) {
      fs.rmSync(tmp, { recursive: true, force: true });
    } else {
      out(`kept ${tmp}`);
    }
  }
  out();
  out(renderTable(goals));
}

/** Builds `big` through the API; returns the node ids by number. */
async function build(big: BenchService): Promise<string[]> {
  const batchNodes = knobs.nodes - knobs.importNodes;
  const half = knobs.importNodes / 2;
  let last = 0;
  const progress = (what: string) => (records: number) => {
    if (records - last >= 100_000 || records === 0) {
      last = records;
      out(`  ${what}: ${formatInt(records)}`);
    }
  };
  const nodes = await createNodes(
    big,
    { from: 0, to: batchNodes },
    knobs.inflight,
    progress('nodes'),
  );
  out(`nodes through batches: ${formatInt(batchNodes)} at ${perSecond(nodes.rate)}`);
  goal(
    'batch: nodes/s created (1,000 a request)',
    formatInt(nodes.rate.perSecond),
    `>= ${formatInt(GOALS.batchPerSecond)}`,
    nodes.rate.perSecond >= GOALS.batchPerSecond,
  );

  const first = await importNodes(big, { from: batchNodes, to: batchNodes + half });
  out(
    `nodes through an import: ${formatInt(half)} at ${perSecond(first.rate)}; import ${first.outcome.status}`,
  );
  goal(
    'import: nodes/s (NDJSON upload)',
    formatInt(first.rate.perSecond),
    `>= ${formatInt(GOALS.importPerSecond)}`,
    first.rate.perSecond >= GOALS.importPerSecond && first.outcome.status === 'completed',
  );

  const getPaths = sample(nodes.ids, 1000).map((id) => `/api/queries/nodes/${id}`);
  const quiet = await probe(big, getPaths, 2, sleep(3000));
  const second = importNodes(big, { from: batchNodes + half, to: knobs.nodes });
  const during = await probe(big, getPaths, 2, second);
  const imported = await second;
  out(
    `second import: ${formatInt(half)} nodes at ${perSecond(imported.rate)}; import ${imported.outcome.status}`,
  );
  out(
    `get by id, 2 clients: quiet p50 ${ms(quiet.p50)} p99 ${ms(quiet.p99)}; during the import p50 ${ms(during.p50)} p99 ${ms(during.p99)} max ${ms(during.max)} (${formatInt(during.count)} requests, ${during.errors} errors)`,
  );
  goal(
    'other requests during an import: get p99',
    ms(during.p99),
    `<= ${GOALS.probeP99Ms} ms`,
    during.p99 <= GOALS.probeP99Ms && during.errors === 0,
  );

  const ids = [...nodes.ids, ...first.ids, ...imported.ids];
  last = 0;
  const edgeRate = await createEdges(big, ids, edges, knobs.inflight, progress('edges'));
  out(`edges through batches: ${formatInt(edges)} at ${perSecond(edgeRate)}`);
  return ids;
}

/** Every read measurement, on the built services. */
async function reads(
  small: BenchService,
  big: BenchService,
  ids: readonly string[],
  smallIds: readonly string[],
): Promise<void> {
  const load = (service: BenchService, paths: readonly string[], durationS = knobs.durationS) =>
    runLoad({
      url: service.baseUrl,
      headers: service.headers,
      paths,
      connections: knobs.connections,
      durationS,
    });
  const line = (name: string, r: LoadResult) =>
    out(
      `  ${name.padEnd(34)} ${formatInt(r.reqPerSec).padStart(6)} req/s  p50 ${r.latencyP50Ms} ms  p99 ${r.latencyP99Ms} ms${r.non2xx + r.errors > 0 ? `  !! ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`,
    );

  out(
    `reads at ${knobs.connections} connections, ${knobs.durationS} s each after ${knobs.warmupS} s of warm-up`,
  );
  const getOf = (list: readonly string[]) =>
    sample(list, 1000).map((id) => `/api/queries/nodes/${id}`);
  const comparison = await compareVariants(
    [
      {
        name: 'get-small',
        load: { url: small.baseUrl, headers: small.headers, paths: getOf(smallIds) },
        pid: small.pid,
      },
      {
        name: 'get-big',
        load: { url: big.baseUrl, headers: big.headers, paths: getOf(ids) },
        pid: big.pid,
      },
    ],
    {
      rounds: knobs.rounds,
      connections: knobs.connections,
      durationS: knobs.durationS,
      warmupS: knobs.warmupS,
      rewarmS: 1,
      log: out,
    },
  );
  const getRatio = median(ratios(comparison, 'get-big', 'get-small'));
  const p50 = (name: string) =>
    median(comparison.rounds.map((r) => r.results.get(name)!.latencyP50Ms));
  goal(
    'get by id: big/small req/s',
    `${formatFixed(getRatio)} (p50 ${p50('get-big')} vs ${p50('get-small')} ms)`,
    `>= ${GOALS.getRatio}`,
    getRatio >= GOALS.getRatio,
  );

  const filtered = (count: boolean) =>
    ENTITY_TYPES.flatMap((type, t) =>
      [0, 1, 2, 3, 4].map((k) => {
        const low = ((t * 5 + k) * 397) % (RPM_VALUES - 100);
        return `/api/queries/nodes?entityType=${type}&filter[properties.${INDEXED_PROPERTY}][gte]=${low}&filter[properties.${INDEXED_PROPERTY}][lt]=${low + 100}&sort=-createdAt&limit=${PAGE}&count=${count}`;
      }),
    );
  await load(big, filtered(false), knobs.warmupS);
  const page = await load(big, filtered(false));
  line('filtered page, count=false', page);
  goal(
    'filtered page p50 (entityType + rpm range + sort)',
    `${page.latencyP50Ms} ms`,
    `<= ${GOALS.filteredP50Ms} ms`,
    page.latencyP50Ms <= GOALS.filteredP50Ms,
  );
  const counted = await load(big, filtered(true));
  line('filtered page with meta.total', counted);
  const broad = await load(
    big,
    ENTITY_TYPES.map(
      (type) => `/api/queries/nodes?entityType=${type}&sort=-createdAt&limit=${PAGE}`,
    ),
  );
  line(`entityType page with meta.total`, broad);
  goal(
    'meta.total on a filtered list p50',
    `${counted.latencyP50Ms} ms (count=false ${page.latencyP50Ms} ms)`,
    `<= ${GOALS.totalP50Ms} ms`,
    counted.latencyP50Ms <= GOALS.totalP50Ms,
  );

  const listPath = `/api/queries/nodes?sort=-createdAt&limit=${PAGE}&count=false`;
  const cursor = await cursorOfPage(big, listPath, knobs.cursorPage);
  await load(big, [listPath], knobs.warmupS);
  const page1 = await load(big, [listPath]);
  line('cursor list, page 1', page1);
  const deep = await load(big, [`${listPath}&cursor=${encodeURIComponent(cursor)}`]);
  line(`cursor list, page ${formatInt(knobs.cursorPage)}`, deep);
  goal(
    `cursor page ${formatInt(knobs.cursorPage)} p50 vs page 1`,
    `${deep.latencyP50Ms} vs ${page1.latencyP50Ms} ms`,
    'page 1 + 20% (+1 ms)',
    deep.latencyP50Ms <= page1.latencyP50Ms * 1.2 + 1,
  );

  // An offset of 90% of the nodes is answered (slow is allowed: it walks every skipped
  // record), but in a list thread (src/adapters/sqlite/list-threads.ts), so other requests
  // keep their latency meanwhile.
  const deepOffset = Math.floor(knobs.nodes * 0.9);
  const offsetPath = `/api/queries/nodes?limit=${PAGE}&offset=${deepOffset}&count=false`;
  const alone = await timeRequests(big, offsetPath, 3);
  out(`  offset ${formatInt(deepOffset)}: ${alone.count} of 3 answered 200, p50 ${ms(alone.p50)}`);
  goal(
    `offset ${formatInt(deepOffset)} answered`,
    `${alone.count} of 3, p50 ${ms(alone.p50)}`,
    '3 of 3 (slow allowed)',
    alone.count === 3 && alone.errors === 0,
  );
  const getPaths = sample(ids, 1000).map((id) => `/api/queries/nodes/${id}`);
  const offsets = timeRequests(big, offsetPath, 10);
  const beside = await probe(big, getPaths, 4, offsets);
  const offsetsDone = await offsets;
  out(
    `  get by id, 4 clients, while 10 offset ${formatInt(deepOffset)} requests ran (p50 ${ms(offsetsDone.p50)}): p50 ${ms(beside.p50)} p99 ${ms(beside.p99)} max ${ms(beside.max)}`,
  );
  goal(
    `other requests during offset ${formatInt(deepOffset)}: get p99`,
    ms(beside.p99),
    `<= ${GOALS.probeP99Ms} ms`,
    beside.p99 <= GOALS.probeP99Ms && beside.errors === 0 && offsetsDone.errors === 0,
  );
  const status = await indexStatus(big);
  out(
    `search during the reads: pending ${status.pending}, graph ${status.approximate?.mode ?? 'none'}`,
  );
}

function sample<T>(list: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(list.length / count));
  return Array.from(
    { length: Math.min(count, list.length) },
    (_, i) => list[(i * step + (i % step)) % list.length]!,
  );
}

function sleep(msToWait: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, msToWait));
}

main().catch(async (error: unknown) => {
  // undici's `fetch failed` says why only in its cause (refused, reset, timed out).
  const describe = (e: unknown) =>
    e instanceof Error ? (e.stack ?? e.message) : (JSON.stringify(e) ?? String(e));
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : null;
  process.stderr.write(
    `${describe(error)}\n${cause === null ? '' : `cause: ${describe(cause)}\n`}`,
  );
  await stopAll();
  process.exit(1);
});
