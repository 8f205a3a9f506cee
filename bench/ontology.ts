/**
 * Ontology benchmark, in one run:
 *
 * 1. Reads over a workspace of 100,000 nodes: GET /api/queries/nodes/:id (1,000 different
 *    ids), a 50-item list page (GET /api/queries/nodes?limit=50, the first 10 pages) and a
 *    filtered, sorted page (?entityType=<one of 20>&sort=-createdAt&limit=50), through the
 *    real service (`full-*`) against a bare Express 5 route in its own process that runs the
 *    same SQLite statements on the same database file, read-only, and answers the same JSON
 *    (`bare-*`, bench/servers/ontology-bare.ts). Calibration: bare Express vs node:http on
 *    GET /api/me, as in bench/http-overhead.ts. Goal: full >= 0.60 x bare.
 * 2. CREATE_NODE via POST /api/commands/execute with durable commits (as configured: WAL,
 *    each command answered only after an fdatasync of the WAL covering its commit) into a
 *    fresh store and workspace, next to the raw SQLite single-row autocommit insert rate
 *    (synchronous=FULL) of the same row into a scratch copy of the
 *    schema (bench/servers/sqlite-insert.ts), and, as a diagnostic, CommandService.execute
 *    without HTTP in the same child; rotating order. Goal: >= 1,500 commands/s.
 * 3. CREATE_NODE with and without an entity type of 10 properties (bench/ontology-types.ts):
 *    CPU per command through CommandService.execute. Goal: the type adds at most 10%.
 *
 * Method: bench/README.md, "Method". A report: exits 0 whether or not the goals are met.
 *
 * Knobs (env): BENCH_ROUNDS (3), BENCH_DURATION_S (5), BENCH_WARMUP_S (3),
 * BENCH_REWARM_S (1), BENCH_CONNECTIONS (10), BENCH_WRITE_CONNECTIONS (32),
 * BENCH_RETRY_NOISY (3), BENCH_NODES (100000), BENCH_READ_IDS (1000),
 * BENCH_FULL_ENTRY (compiled | tsx), BENCH_ONLY (all | reads | writes | types),
 * BENCH_CPU_PROF (directory: CPU-profile every server child), BENCH_KEEP_TMP (1),
 * BENCH_EMBEDDER (stub | bundled: what the service's search indexer embeds with).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../src/adapters/sqlite/graph-store';
import type { GraphNode, Properties } from '../src/domain/graph';
import {
  compareVariants,
  comparisonProblems,
  describeRatios,
  FOREIGN_CPU_LIMIT,
  ratios,
  serverMicros,
  throughputs,
  type Variant,
} from './lib/compare';
import { cpuSnapshot, cpuUseBetween, type CpuUse } from './lib/cpu-noise';
import { startEmbeddingsStub } from './lib/embeddings-stub';
import { envChoice, envFlag, envNumber } from './lib/env';
import { loadProblems, runLoad, type LoadResult } from './lib/load';
import {
  childEnv,
  compiledEnv,
  compileService,
  freePort,
  installCleanup,
  REPO_ROOT,
  startServer,
  stopAll,
  type ServerProcess,
} from './lib/processes';
import { formatFixed, formatInt, median, range, renderTable } from './lib/stats';
import { typesBenchmark } from './ontology-types';

const READ_GOAL = 0.6;
const WRITE_GOAL = 1500;
const CALIBRATION = { min: 0.18, max: 0.3 };
/** Far above anything 2 cores can serve, so the limiter runs but never refuses. */
const PER_MINUTE = 1_000_000_000;
const PER_DAY = 1_000_000_000_000;
const SEED_CHUNK = 2000;
const LIST_PAGES = 10;
const PAGE = 50;
/** 20 types of 5,000 nodes each (100k): the selectivity the planner statistics assume. */
const ENTITY_TYPES = [
  'Person',
  'Company',
  'Project',
  'Document',
  'Device',
  'Location',
  'Event',
  'Product',
  'Team',
  'Sensor',
  'Contract',
  'Invoice',
  'Meeting',
  'Task',
  'Asset',
  'Service',
  'Incident',
  'Dataset',
  'Model',
  'Policy',
] as const;

const knobs = {
  rounds: envNumber('BENCH_ROUNDS', 3, { min: 1, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 5, { min: 1, integer: true }),
  warmupS: envNumber('BENCH_WARMUP_S', 3, { min: 0, integer: true }),
  rewarmS: envNumber('BENCH_REWARM_S', 1, { min: 0, integer: true }),
  connections: envNumber('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
  writeConnections: envNumber('BENCH_WRITE_CONNECTIONS', 32, { min: 1, integer: true }),
  retryNoisy: envNumber('BENCH_RETRY_NOISY', 3, { min: 0, integer: true }),
  nodes: envNumber('BENCH_NODES', 100_000, { min: 1000, integer: true }),
  readIds: envNumber('BENCH_READ_IDS', 1000, { min: 1, integer: true }),
  fullEntry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  only: envChoice('BENCH_ONLY', ['all', 'reads', 'writes', 'types'] as const, 'all'),
  cpuProfDir: process.env.BENCH_CPU_PROF?.trim() || undefined,
  embedder: envChoice('BENCH_EMBEDDER', ['stub', 'bundled'] as const, 'stub'),
  keepTmp: envFlag('BENCH_KEEP_TMP'),
};

const out = (line = '') => process.stdout.write(`${line}\n`);

/** The properties of every CREATE_NODE body, and the shape of the seeded ones. */
const WRITE_PROPERTIES: Properties = {
  index: 42,
  score: 0.318,
  active: true,
  tags: ['bench', 'person'],
  description: 'Created by the ontology benchmark',
};

function seedProperties(i: number, type: string): Properties {
  return {
    index: i,
    score: Math.round(Math.sin(i) * 1000) / 1000,
    active: i % 3 !== 0,
    tags: ['bench', type.toLowerCase()],
    description: `Seeded node ${i} of the ontology benchmark`,
  };
}

async function main(): Promise<void> {
  const reads = knobs.only === 'all' || knobs.only === 'reads';
  const writes = knobs.only === 'all' || knobs.only === 'writes';
  const types = knobs.only === 'all' || knobs.only === 'types';
  const readVariants = 8;
  const estimateS =
    (knobs.fullEntry === 'compiled' ? 40 : 20) +
    (reads
      ? 40 +
        readVariants * knobs.warmupS +
        (knobs.rounds * readVariants + knobs.retryNoisy) * (knobs.rewarmS + knobs.durationS)
      : 0) +
    (writes ? 20 + 2 * knobs.warmupS + knobs.rounds * 2 * knobs.durationS : 0) +
    (types ? 3 * (knobs.warmupS + knobs.rounds * knobs.durationS) : 0);
  installCleanup((estimateS * 2 + 120) * 1000);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ontology-'));
  try {
    out(
      `Ontology: node reads over ${formatInt(knobs.nodes)} nodes (full stack vs bare Express + ` +
        'same SQLite)',
    );
    out('          and CREATE_NODE commands/s with durable commits (vs raw SQLite inserts)');
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    if (reads || writes) {
      const mainJs = prepareEntry(tmp);
      if (reads) {
        await readBenchmark(tmp, mainJs);
      }
      if (writes) {
        await writeBenchmark(tmp, mainJs);
      }
    }
    if (types) {
      await typesBenchmark(tmp, knobs, out);
    }
    if (knobs.cpuProfDir) {
      out();
      out(
        `CPU profiles written to ${path.resolve(knobs.cpuProfDir)}/<variant>/ ` +
          '(summarise with npx tsx bench/profile-summary.ts <file>)',
      );
    }
  } finally {
    await stopAll();
    await stub?.close();
    if (knobs.keepTmp) {
      out(`kept ${tmp}`);
    } else {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------
// Part 1: reads

async function readBenchmark(tmp: string, entry: ServiceEntry): Promise<void> {
  out();
  out('Part 1: reads');
  const dataDir = path.join(tmp, 'read-data');
  const dbFile = path.join(dataDir, 'ontology.db');
  const workspaceId = randomUUID();
  const seeded = await seedNodes(dbFile, workspaceId, knobs.nodes);
  const cleared = clearSearchOutbox(dbFile);
  out(
    `  seeded ${formatInt(knobs.nodes)} nodes (${ENTITY_TYPES.length} entity types) in ` +
      `${formatFixed(seeded.ms / 1000, 1)} s (${formatInt((knobs.nodes * 1000) / seeded.ms)} ` +
      `nodes/s) through SqliteGraphStore.transaction, ${formatInt(SEED_CHUNK)} per ` +
      `transaction; database ${formatInt(fileSize(dbFile) / 2 ** 20)} MiB`,
  );
  out(
    `  search outbox: the ${formatInt(cleared)} entries the seeding enqueued were removed, so ` +
      'the reads run in the steady state after indexing (node reads never touch vectors)',
  );
  out(
    `  autocannon: ${knobs.connections} connections, ${knobs.durationS} s measured per variant ` +
      `per round, ${knobs.rounds} rounds (rotating order), warm-up ${knobs.warmupS} s once + ` +
      `${knobs.rewarmS} s before each measurement`,
  );

  const full = await startService(tmp, entry, 'full', dataDir, workspaceId);
  const me = await fetchMe(full);
  out(
    `  full: ${ENTRY_LABEL[knobs.fullEntry]}, NODE_ENV=production, LOG_LEVEL=info -> a file, ` +
      `rate limiting on (enterprise workspace, ${me.rateHeaders})`,
  );
  const requestId = me.body.requestId;
  const bare = await startChild('bare', 'ontology-bare.ts', '/api/queries/nodes?limit=0', {
    BENCH_DB: dbFile,
    BENCH_WORKSPACE_ID: workspaceId,
    BENCH_REQUEST_ID: requestId,
  });
  const calShared = { BENCH_DATA: JSON.stringify(me.body.data), BENCH_REQUEST_ID: requestId };
  const calBare = await startChild('bare-me', 'bare-express.ts', '/api/me', calShared);
  const nodeHttp = await startChild('node-http', 'node-http.ts', '/api/me', calShared);

  const ids = sample(seeded.ids, knobs.readIds);
  const paths = {
    get: ids.map((id) => `/api/queries/nodes/${id}`),
    list: Array.from(
      { length: LIST_PAGES },
      (_, i) => `/api/queries/nodes?limit=${PAGE}&offset=${i * PAGE}`,
    ),
    sorted: ENTITY_TYPES.map(
      (type) => `/api/queries/nodes?entityType=${type}&sort=-createdAt&limit=${PAGE}`,
    ),
  };
  const checked = await assertSameBodies(full, bare, me.authHeaders, [
    ...paths.get,
    ...paths.list,
    ...paths.sorted,
  ]);
  out(
    `  bare answers the same bodies as full for all ${formatInt(checked.count)} request paths ` +
      `(byte for byte but the request id; ${checked.sizes})`,
  );
  out(
    `  paths: get = ${formatInt(paths.get.length)} random ids; list = ?limit=${PAGE}&offset=0..` +
      `${(LIST_PAGES - 1) * PAGE} (total from graph_counts); sorted = ?entityType=<${ENTITY_TYPES.length} ` +
      `types>&sort=-createdAt&limit=${PAGE} (total by COUNT(*) over ${formatInt(knobs.nodes / ENTITY_TYPES.length)} rows)`,
  );
  out();

  const url = (server: ServerProcess) => `${server.baseUrl}/`;
  const variants: Variant[] = [
    {
      name: 'full-get',
      load: { url: url(full), paths: paths.get, headers: me.authHeaders },
      pid: full.pid,
    },
    { name: 'bare-get', load: { url: url(bare), paths: paths.get }, pid: bare.pid },
    {
      name: 'full-list',
      load: { url: url(full), paths: paths.list, headers: me.authHeaders },
      pid: full.pid,
    },
    { name: 'bare-list', load: { url: url(bare), paths: paths.list }, pid: bare.pid },
    {
      name: 'full-sorted',
      load: { url: url(full), paths: paths.sorted, headers: me.authHeaders },
      pid: full.pid,
    },
    { name: 'bare-sorted', load: { url: url(bare), paths: paths.sorted }, pid: bare.pid },
    { name: 'bare-me', load: { url: `${calBare.baseUrl}/api/me` }, pid: calBare.pid },
    { name: 'node-http', load: { url: `${nodeHttp.baseUrl}/api/me` }, pid: nodeHttp.pid },
  ];
  const comparison = await compareVariants(variants, {
    rounds: knobs.rounds,
    connections: knobs.connections,
    durationS: knobs.durationS,
    warmupS: knobs.warmupS,
    rewarmS: knobs.rewarmS,
    retryNoisy: knobs.retryNoisy,
    log: out,
  });
  for (const server of [full, bare, calBare, nodeHttp]) {
    await server.stop();
  }

  const calibration = median(ratios(comparison, 'bare-me', 'node-http'));
  const shown = Number(formatFixed(calibration));
  const calibrated = shown >= CALIBRATION.min && shown <= CALIBRATION.max;
  const problems = comparisonProblems(comparison);

  out();
  out('Part 1 summary (req/s medians over rounds; server CPU per request, medians)');
  const micros = (name: string) => {
    const values = serverMicros(comparison, name).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const rows = [
    [
      'endpoint',
      'full req/s',
      'bare req/s',
      'full/bare',
      'full us/req',
      'bare us/req',
      'CPU ratio',
    ],
  ];
  const verdicts: string[] = [];
  for (const endpoint of ['get', 'list', 'sorted'] as const) {
    const fullName = `full-${endpoint}`;
    const bareName = `bare-${endpoint}`;
    const perRound = ratios(comparison, fullName, bareName);
    const fullMicros = micros(fullName);
    const bareMicros = micros(bareName);
    rows.push([
      endpoint,
      formatInt(median(throughputs(comparison, fullName))),
      formatInt(median(throughputs(comparison, bareName))),
      formatFixed(median(perRound)),
      fullMicros === null ? '?' : formatInt(fullMicros),
      bareMicros === null ? '?' : formatInt(bareMicros),
      fullMicros && bareMicros ? formatFixed(bareMicros / fullMicros) : '?',
    ]);
    const ratio = median(perRound);
    verdicts.push(
      `${endpoint.padEnd(6)} full/bare per round: ${describeRatios(perRound)} -> ` +
        `${ratio >= READ_GOAL ? 'PASS' : 'FAIL'} (goal >= ${READ_GOAL.toFixed(2)})` +
        (calibrated && problems.length === 0 ? '' : ' (noisy run)'),
    );
  }
  out(renderTable(rows));
  out('  (CPU ratio = bare us/req / full us/req: what full/bare would be with a core each)');
  for (const name of ['bare-me', 'node-http']) {
    const { min, max } = range(throughputs(comparison, name));
    out(
      `  ${name}: median ${formatInt(median(throughputs(comparison, name)))} req/s ` +
        `(min ${formatInt(min)}, max ${formatInt(max)})`,
    );
  }
  out();
  for (const line of verdicts) {
    out(line);
  }
  out(
    `calibration bare-me/node-http per round: ` +
      `${describeRatios(ratios(comparison, 'bare-me', 'node-http'))} (expected ` +
      `${CALIBRATION.min}..${CALIBRATION.max}): ` +
      (calibrated ? 'ok' : 'OUT OF RANGE, the run was noisy; repeat it on a quiet machine'),
  );
  if (comparison.remeasured > 0) {
    out(`${comparison.remeasured} measurement(s) repeated because the machine was busy`);
  }
  if (problems.length) {
    out(`measurement problems (results not trustworthy): ${problems.join('; ')}`);
  }
  const logNote = logLines(path.join(tmp, 'full.log'));
  if (logNote) {
    out(logNote);
  }
}

/** Seeds `count` nodes through the service's own adapter, in chunked transactions. */
async function seedNodes(
  dbFile: string,
  workspaceId: string,
  count: number,
): Promise<{ ms: number; ids: string[] }> {
  const db = openDatabase({ filename: dbFile });
  const store = new SqliteGraphStore(db);
  const ids: string[] = [];
  const base = Date.UTC(2025, 0, 1);
  const start = performance.now();
  try {
    for (let first = 0; first < count; first += SEED_CHUNK) {
      const last = Math.min(first + SEED_CHUNK, count);
      await store.transaction(workspaceId, async (uow) => {
        for (let i = first; i < last; i += 1) {
          const type = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
          const at = new Date(base + i * 1000).toISOString();
          const node: GraphNode = {
            id: randomUUID(),
            entityType: type,
            name: `${type} ${i}`,
            properties: seedProperties(i, type),
            version: 1,
            createdAt: at,
            updatedAt: at,
          };
          const result = await uow.graph.insertNode(node);
          if (result.status !== 'ok') {
            throw new Error(`seeding node ${i}: ${result.status}`);
          }
          ids.push(node.id);
        }
      });
      // Let other work run between chunks, as the service's own ingests do.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    db.close();
  }
  return { ms: performance.now() - start, ids };
}

/** Empties the search outbox of a seeded database file; returns how many entries it held. */
function clearSearchOutbox(dbFile: string): number {
  const db = new BetterSqlite3(dbFile);
  try {
    return db.transaction(() => {
      // The kept counts follow (migration 013).
      db.prepare('UPDATE search_outbox_counts SET entries = 0').run();
      return db.prepare('DELETE FROM search_outbox').run().changes;
    })();
  } finally {
    db.close();
  }
}

/** `count` distinct ids picked at random (Fisher-Yates on a copy). */
function sample(ids: readonly string[], count: number): string[] {
  const copy = [...ids];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Every path answers 200 on both, with the same bytes once the request ids are blanked. */
async function assertSameBodies(
  full: ServerProcess,
  bare: ServerProcess,
  headers: Record<string, string>,
  paths: readonly string[],
): Promise<{ count: number; sizes: string }> {
  const blank = (text: string) => text.replace(/"requestId":"[^"]*"/, '"requestId":""');
  const sizes = new Map<string, number[]>();
  for (const p of paths) {
    const [a, b] = await Promise.all([
      fetch(`${full.baseUrl}${p}`, { headers }),
      fetch(`${bare.baseUrl}${p}`),
    ]);
    const [ta, tb] = await Promise.all([a.text(), b.text()]);
    if (a.status !== 200 || b.status !== 200) {
      throw new Error(`${p}: full answered ${a.status}, bare ${b.status}:\n${ta}\n${tb}`);
    }
    if (blank(ta) !== blank(tb) || Buffer.byteLength(ta) !== Buffer.byteLength(tb)) {
      throw new Error(`${p}: bare's body differs from full's:\nfull: ${ta}\nbare: ${tb}`);
    }
    if (a.headers.get('content-type') !== b.headers.get('content-type')) {
      throw new Error(`${p}: content types differ`);
    }
    const kind = p.includes('?') ? (p.includes('entityType') ? 'sorted' : 'list') : 'get';
    sizes.set(kind, [...(sizes.get(kind) ?? []), Buffer.byteLength(ta)]);
  }
  const described = [...sizes]
    .map(([kind, values]) => `${kind} ~${formatInt(median(values))} B`)
    .join(', ');
  return { count: paths.length, sizes: described };
}

// ---------------------------------------------------------------------------------------
// Part 2: writes

type WriteVariant = 'http' | 'command' | 'raw';
const WRITE_VARIANTS: readonly WriteVariant[] = ['http', 'command', 'raw'];
const WRITE_LABEL: Record<WriteVariant, string> = {
  http: 'http CREATE_NODE (full stack)',
  command: 'CommandService, no HTTP',
  raw: 'raw INSERT autocommit',
};

interface WriteMeasurement {
  perSec: number;
  cpu: CpuUse;
  /** HTTP only: the autocannon result. */
  load?: LoadResult;
}

async function writeBenchmark(tmp: string, entry: ServiceEntry): Promise<void> {
  out();
  out(
    'Part 2: CREATE_NODE commands/s, durable commits (every answer after an fdatasync of ' +
      'the WAL that covers its commit)',
  );
  const full = await startService(
    tmp,
    entry,
    'full-write',
    path.join(tmp, 'write-data'),
    randomUUID(),
  );
  const me = await fetchMe(full);
  const body = JSON.stringify({
    type: 'CREATE_NODE',
    payload: { entityType: 'Person', name: 'Bench node', properties: WRITE_PROPERTIES },
  });
  const raw = await startChild('raw-sqlite', 'sqlite-insert.ts', '/', {
    BENCH_DB: path.join(tmp, 'raw-data', 'ontology.db'),
    BENCH_COMMAND: body,
  });
  const headers = { ...me.authHeaders, 'content-type': 'application/json' };
  const commandUrl = `${full.baseUrl}/api/commands/execute`;
  const first = await fetch(commandUrl, { method: 'POST', headers, body });
  const firstText = await first.text();
  if (first.status !== 201) {
    throw new Error(`CREATE_NODE answered ${first.status}: ${firstText}`);
  }
  out(
    `  http: the service (as in part 1) on a fresh DATA_DIR and workspace; autocannon POSTs ` +
      `${Buffer.byteLength(body)}-byte CREATE_NODE bodies (server-generated ids), ` +
      `${knobs.writeConnections} connections`,
  );
  out(
    '  raw: a child process (bench/servers/sqlite-insert.ts), openDatabase() on a scratch ' +
      'file (every migration: same indexes and count trigger; WAL, synchronous=FULL: an ' +
      'fsync inside every COMMIT), ' +
      'GraphWriterStatements.insertNode, one autocommit INSERT of the same row per commit',
  );
  out(
    '  command (diagnostic): the same child running CommandService.execute of the parsed ' +
      'body in a loop (transaction, command log, trim; no HTTP, auth or logging)',
  );
  out(
    `  ${knobs.rounds} rounds of ${knobs.durationS} s per variant, order rotating, warm-up ` +
      `${knobs.warmupS} s each`,
  );

  let created = 1;
  let httpRuns = 0;
  const measure = async (variant: WriteVariant, seconds: number): Promise<WriteMeasurement> => {
    const pid = variant === 'http' ? full.pid : raw.pid;
    const before = cpuSnapshot(pid);
    if (variant === 'http') {
      httpRuns += 1;
      const load = await runLoad({
        url: commandUrl,
        method: 'POST',
        headers,
        body,
        connections: knobs.writeConnections,
        durationS: seconds,
      });
      created += load.total - load.non2xx;
      return { perSec: load.reqPerSec, cpu: cpuUseBetween(before, cpuSnapshot(pid)), load };
    }
    const res = await fetch(
      `${raw.baseUrl}/run?s=${seconds}&mode=${variant === 'raw' ? 'insert' : 'command'}`,
      {
        signal: AbortSignal.timeout((seconds + 60) * 1000),
      },
    );
    const result = (await res.json()) as { perSec: number };
    return { perSec: result.perSec, cpu: cpuUseBetween(before, cpuSnapshot(pid)) };
  };

  if (knobs.warmupS > 0) {
    for (const variant of WRITE_VARIANTS) {
      await measure(variant, knobs.warmupS);
    }
  }
  const rounds: Map<WriteVariant, WriteMeasurement>[] = [];
  let noisy = false;
  for (let r = 0; r < knobs.rounds; r += 1) {
    const order = WRITE_VARIANTS.map((_, i) => WRITE_VARIANTS[(i + r) % WRITE_VARIANTS.length]!);
    out(`  round ${r + 1}/${knobs.rounds}: ${order.join(' -> ')}`);
    const results = new Map<WriteVariant, WriteMeasurement>();
    for (const variant of order) {
      const m = await measure(variant, knobs.durationS);
      results.set(variant, m);
      const problems = [...(m.load ? loadProblems(m.load) : []), ...contention(m.cpu)];
      noisy ||= problems.length > 0;
      const micros = m.cpu.server === null ? '?' : formatInt((m.cpu.server * 1e6) / m.perSec);
      out(
        `    ${variant.padEnd(8)} ${formatInt(m.perSec).padStart(6)} /s` +
          (m.load ? `  p50 ${m.load.latencyP50Ms} ms  p99 ${m.load.latencyP99Ms} ms` : '') +
          `  cpu: process ${cores(m.cpu.server)} (${micros} us/op), other ${cores(m.cpu.foreign)}` +
          (problems.length ? `  !! ${problems.join(', ')}` : ''),
      );
    }
    rounds.push(results);
  }

  const stored = await fetch(`${full.baseUrl}/api/queries/nodes?limit=0`, {
    headers: me.authHeaders,
  });
  const total = ((await stored.json()) as { meta: { total: number } }).meta.total;
  await full.stop();
  await raw.stop();

  const rates = (variant: WriteVariant) => rounds.map((round) => round.get(variant)!.perSec);
  const micros = (variant: WriteVariant) => {
    const values = rounds
      .map((round) => round.get(variant)!)
      .filter((m) => m.cpu.server !== null)
      .map((m) => (m.cpu.server! * 1e6) / m.perSec);
    return values.length ? formatInt(median(values)) : '?';
  };
  const ratioTo = (a: WriteVariant, b: WriteVariant) =>
    rounds.map((round) => round.get(a)!.perSec / round.get(b)!.perSec);
  const httpMedian = median(rates('http'));
  out();
  out('Part 2 summary');
  out(
    renderTable([
      ['variant', 'median /s', 'min /s', 'max /s', 'process CPU us/op'],
      ...WRITE_VARIANTS.map((v) => [WRITE_LABEL[v], ...minMax(rates(v)), micros(v)]),
    ]),
  );
  out(`http/raw per round:     ${describeRatios(ratioTo('http', 'raw'))}`);
  out(`command/raw per round:  ${describeRatios(ratioTo('command', 'raw'))}`);
  out(`http/command per round: ${describeRatios(ratioTo('http', 'command'))}`);
  // autocannon stops counting when its time is up; requests then in flight still commit.
  const inFlight = httpRuns * knobs.writeConnections;
  out(
    `stored nodes in the http workspace: ${formatInt(total)} (2xx answers counted: ` +
      `${formatInt(created)}, plus at most ${inFlight} in flight when a run stopped)` +
      (total >= created && total <= created + inFlight ? '' : '  !! MISMATCH'),
  );
  const logNote = logLines(path.join(tmp, 'full-write.log'));
  if (logNote) {
    out(logNote);
  }
  out(
    `goal CREATE_NODE >= ${formatInt(WRITE_GOAL)} commands/s: median ${formatInt(httpMedian)} -> ` +
      (httpMedian >= WRITE_GOAL ? 'PASS' : 'FAIL') +
      (noisy ? ' (noisy run)' : ''),
  );
}

function minMax(values: readonly number[]): string[] {
  const { min, max } = range(values);
  return [formatInt(median(values)), formatInt(min), formatInt(max)];
}

function contention(cpu: CpuUse): string[] {
  return cpu.foreign !== null && cpu.foreign > FOREIGN_CPU_LIMIT
    ? [`other processes used ${cores(cpu.foreign)} cores`]
    : [];
}

function cores(value: number | null): string {
  return value === null ? '?' : value.toFixed(2);
}

// ---------------------------------------------------------------------------------------
// Processes

const ENTRY_LABEL = {
  compiled: 'node main.js compiled by tsc from src/ (as npm start)',
  tsx: 'node --import tsx src/main.ts',
} as const;

interface ServiceEntry {
  script: string;
  env: Record<string, string>;
}

function prepareEntry(tmp: string): ServiceEntry {
  if (knobs.fullEntry === 'tsx') {
    return { script: path.join(REPO_ROOT, 'src', 'main.ts'), env: {} };
  }
  const { mainJs, warnings } = compileService(path.join(tmp, 'dist'));
  if (warnings) {
    out(`  (tsc reported errors but emitted; measuring anyway)\n${warnings.trim()}`);
  }
  return { script: mainJs, env: compiledEnv() };
}

interface Service extends ServerProcess {
  apiKey: string;
  workspaceId: string;
}

/** The real service, configured for a fair, limit-free but fully instrumented run. */
let stub: Awaited<ReturnType<typeof startEmbeddingsStub>> | undefined;

/**
 * BENCH_EMBEDDER=stub (default): the service's search indexer embeds through an
 * OpenAI-compatible stub in this process (bench/lib/embeddings-stub.ts), as with a separate
 * embeddings service; =bundled: the bundled model in the service's worker thread, sharing
 * the two cores with the measured path.
 */
async function embedderEnv(): Promise<Record<string, string>> {
  if (knobs.embedder === 'bundled') {
    return {};
  }
  stub ??= await startEmbeddingsStub();
  return { EMBEDDINGS_URL: stub.url, EMBEDDINGS_MODEL: 'bench-stub' };
}

async function startService(
  tmp: string,
  entry: ServiceEntry,
  name: string,
  dataDir: string,
  workspaceId: string,
): Promise<Service> {
  const port = await freePort();
  const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
  const server = await startServer({
    name,
    script: entry.script,
    port,
    nodeArgs: profileArgs(name),
    stdout: path.join(tmp, `${name}.log`),
    readyPath: '/health',
    readyTimeoutMs: 60_000,
    env: childEnv({
      ...entry.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'true',
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_WORKSPACE_ID: workspaceId,
      BOOTSTRAP_PLAN: 'enterprise',
      ENTERPRISE_DEFAULT_PER_MINUTE: String(PER_MINUTE),
      ENTERPRISE_DEFAULT_PER_DAY: String(PER_DAY),
      ...(await embedderEnv()),
    }),
  });
  return Object.assign(server, { apiKey, workspaceId });
}

interface MeResponse {
  body: { data: unknown; requestId: string };
  authHeaders: Record<string, string>;
  rateHeaders: string;
}

/** One real GET /api/me: proves the stack answers with the rate-limit headers set. */
async function fetchMe(full: Service): Promise<MeResponse> {
  const authHeaders = {
    authorization: `Bearer ${full.apiKey}`,
    'x-workspace-id': full.workspaceId,
  };
  const res = await fetch(`${full.baseUrl}/api/me`, { headers: authHeaders });
  const text = await res.text();
  if (res.status !== 200) {
    throw new Error(`GET /api/me answered ${res.status}: ${text}`);
  }
  const limit = res.headers.get('x-ratelimit-limit');
  const remaining = res.headers.get('x-ratelimit-remaining');
  if (limit !== String(PER_MINUTE) || !remaining) {
    throw new Error(
      `GET /api/me lacks the expected rate-limit headers (X-RateLimit-Limit ${limit}); ` +
        'is the limiter enabled and the workspace enterprise?',
    );
  }
  return {
    body: JSON.parse(text) as MeResponse['body'],
    authHeaders,
    rateHeaders: `X-RateLimit-Limit ${formatInt(Number(limit))}/min`,
  };
}

function startChild(
  name: string,
  file: string,
  readyPath: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  return freePort().then((port) =>
    startServer({
      name,
      script: path.join(__dirname, 'servers', file),
      port,
      nodeArgs: profileArgs(name),
      readyPath,
      readyTimeoutMs: 60_000,
      env: childEnv({ NODE_ENV: 'production', PORT: String(port), ...env }),
    }),
  );
}

/** `--cpu-prof` into <BENCH_CPU_PROF>/<variant>/ when profiling was asked for. */
function profileArgs(variant: string): string[] {
  return knobs.cpuProfDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(knobs.cpuProfDir, variant)}`]
    : [];
}

function fileSize(file: string): number {
  return [file, `${file}-wal`].reduce(
    (sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0),
    0,
  );
}

/** Confirms the service really logged: one JSON line per request in its log file. */
function logLines(file: string): string | null {
  if (!fs.existsSync(file)) {
    return null;
  }
  const text = fs.readFileSync(file, 'utf8');
  const requests = text.split('\n').filter((line) => line.includes('"msg":"request"')).length;
  return `${path.basename(file)}: ${formatInt(requests)} request lines, ${formatInt(text.length / 1024)} KiB written`;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:ontology failed: ${(error as Error).stack ?? String(error)}\n`);
    void stopAll(1000).finally(() => process.exit(1));
  },
);
