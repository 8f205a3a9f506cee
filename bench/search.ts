/**
 * Search benchmark (issue 8, Benchmark section), in one run, on the embedded default
 * (SQLite + sqlite-vec, the bundled Universal Sentence Encoder lite):
 *
 * 1. Embedding throughput of the default embedder: BENCH_EMBED_TEXTS node texts through
 *    UseLiteEmbedder (its worker thread), in this process, before any server runs.
 * 2. A workspace of BENCH_NODES (20,000) nodes seeded through SqliteGraphStore (the outbox
 *    triggers enqueue them), then the real service started on it: the time its indexer
 *    takes to drain the outbox (texts/s through the whole pipeline: read, embed, upsert).
 * 3. Search latency through HTTP: POST /api/rag/search (topK 10) and, as a diagnostic,
 *    POST /api/rag/hybrid-search (depth 1), with autocannon on 127.0.0.1 cycling through
 *    different queries, bounded in time: median and p99.
 * 4. Indexing lag under a stream of BENCH_STREAM_RATE (100) CREATE_NODE commands/s for
 *    BENCH_STREAM_S seconds: for every command, the time from its 201 to the moment its
 *    outbox entry is gone (read from the SQLite file every 20 ms, read-only).
 * 5. recall@10 of the sqlite-vec index (SqliteVectorIndex.search) against an exact scan of
 *    the same vectors in JavaScript, over BENCH_RECALL_QUERIES query texts (goal 1.0:
 *    sqlite-vec's KNN is exact).
 *
 * A report: exits 0 whether or not the goal is met. Do not run it while others test.
 *
 * Knobs (env): BENCH_NODES (20000), BENCH_EMBED_TEXTS (1000), BENCH_DURATION_S (10),
 * BENCH_WARMUP_S (2), BENCH_CONNECTIONS (10), BENCH_STREAM_RATE (100), BENCH_STREAM_S (20),
 * BENCH_RECALL_QUERIES (100), BENCH_FULL_ENTRY (compiled | tsx), BENCH_KEEP_TMP (1).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { UseLiteModel } from '../src/adapters/embeddings/use-lite-embedder';
import { openDatabase } from '../src/adapters/sqlite/database';
import { SqliteGraphStore } from '../src/adapters/sqlite/graph-store';
import { SqliteVectorIndex } from '../src/adapters/sqlite/vector-index';
import type { GraphNode } from '../src/domain/graph';
import { nodeText } from '../src/search/node-text';
import { envChoice, envFlag, envNumber } from './lib/env';
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
import { formatFixed, formatInt, median, renderTable } from './lib/stats';

const knobs = {
  nodes: envNumber('BENCH_NODES', 20_000, { min: 100, integer: true }),
  embedTexts: envNumber('BENCH_EMBED_TEXTS', 1000, { min: 32, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 10, { min: 1 }),
  warmupS: envNumber('BENCH_WARMUP_S', 2, { min: 0 }),
  connections: envNumber('BENCH_CONNECTIONS', 10, { min: 1, integer: true }),
  streamRate: envNumber('BENCH_STREAM_RATE', 100, { min: 1 }),
  streamS: envNumber('BENCH_STREAM_S', 20, { min: 1 }),
  recallQueries: envNumber('BENCH_RECALL_QUERIES', 100, { min: 1, integer: true }),
  fullEntry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  keepTmp: envFlag('BENCH_KEEP_TMP'),
};

const SEED_CHUNK = 2000;
/** Far above anything 2 cores can serve, so the limiter runs but never refuses. */
const UNLIMITED = '1000000000';
const RECALL_GOAL = 1;

const TYPES = ['Pump', 'Valve', 'Sensor', 'Motor', 'Tank', 'Compressor', 'Boiler', 'Conveyor'];
const MORE_TYPES = ['Invoice', 'Customer', 'Supplier', 'Contract', 'Ticket', 'Employee', 'Room'];
const ENTITY_TYPES = [...TYPES, ...MORE_TYPES, 'Vehicle', 'Order', 'Product', 'Meeting', 'Report'];
const ADJECTIVES = ['main', 'backup', 'north', 'south', 'old', 'new', 'high-pressure', 'spare'];
const VERBS = ['moves', 'stores', 'measures', 'heats', 'cools', 'records', 'bills', 'schedules'];
const OBJECTS = ['cooling water', 'diesel fuel', 'steam', 'compressed air', 'monthly payments'];
const PLACES = ['the boiler house', 'warehouse 3', 'the head office', 'line 2', 'the harbour'];
const QUERIES = [
  'something that pushes liquid through pipes',
  'device that tells how hot it is',
  'who we pay for parts',
  'a bill sent to a client',
  'storage for fuel',
  'machine that squeezes air',
  'broken equipment report',
  'people working in the office',
  'transport on the road',
  'a meeting about the budget',
];

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

/** A node text of the kind the benchmark seeds: varied words, a few hundred combinations. */
function seedNode(i: number, at: string): GraphNode {
  const pick = <T>(list: readonly T[], salt: number): T => list[(i * salt + salt) % list.length]!;
  const type = ENTITY_TYPES[i % ENTITY_TYPES.length]!;
  return {
    id: randomUUID(),
    entityType: type,
    name: `${pick(ADJECTIVES, 7)} ${type.toLowerCase()} ${i}`,
    properties: {
      description: `${pick(VERBS, 3)} ${pick(OBJECTS, 5)} in ${pick(PLACES, 11)}`,
      serial: i,
    },
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

async function main(): Promise<void> {
  installCleanup((knobs.nodes / 50 + knobs.durationS * 4 + knobs.streamS * 3 + 600) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  try {
    out(`Search: ${formatInt(knobs.nodes)} nodes, sqlite-vec + the bundled use-lite embedder`);
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    const rows: string[][] = [['measure', 'value', 'detail']];

    const embed = await embedderThroughput();
    rows.push(['embedder throughput (texts/s)', formatFixed(embed.perSecond, 0), embed.detail]);

    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    const dbFile = path.join(dataDir, 'ontology.db');
    const workspaceId = randomUUID();
    const seeded = await seed(dbFile, workspaceId);
    out(`  seeded ${formatInt(knobs.nodes)} nodes in ${formatFixed(seeded / 1000, 1)} s`);

    const service = await startService(tmp, dataDir, workspaceId);
    const drained = await waitForIndex(service, knobs.nodes, 30 * 60_000);
    rows.push([
      'initial indexing (nodes/s)',
      formatFixed((knobs.nodes * 1000) / drained, 0),
      `${formatInt(knobs.nodes)} nodes in ${formatFixed(drained / 1000, 1)} s, read+embed+upsert`,
    ]);

    for (const [name, route, extra] of [
      ['search', '/api/rag/search', {}],
      ['hybrid-search depth 1', '/api/rag/hybrid-search', { depth: 1 }],
    ] as const) {
      const load = await searchLoad(service, route, extra);
      rows.push([`${name} p50 (ms)`, formatFixed(load.p50, 1), `${formatInt(load.rps)} req/s`]);
      rows.push([
        `${name} p99 (ms)`,
        formatFixed(load.p99, 1),
        `${knobs.connections} connections, ${knobs.durationS} s, non-2xx ${load.non2xx}`,
      ]);
    }

    const lag = await indexingLag(service, dbFile);
    rows.push(['indexing lag p50 (ms)', formatFixed(lag.p50, 0), lag.detail]);
    rows.push(['indexing lag p99 (ms)', formatFixed(lag.p99, 0), `max ${formatInt(lag.max)} ms`]);
    rows.push([
      'command latency p50 (ms)',
      formatFixed(lag.commandP50, 1),
      `p99 ${formatFixed(lag.commandP99, 1)} ms during the stream`,
    ]);
    await service.stop();

    const recall = await recallAt10(dbFile, workspaceId);
    rows.push([
      'recall@10 sqlite-vec vs exact',
      formatFixed(recall.recall, 4),
      `${recall.queries} queries over ${formatInt(recall.points)} vectors (goal ${RECALL_GOAL})`,
    ]);

    out();
    out(renderTable(rows));
    out();
    out(
      recall.recall >= RECALL_GOAL
        ? `recall@10 goal met (${formatFixed(recall.recall, 4)} >= ${RECALL_GOAL})`
        : `recall@10 goal NOT met (${formatFixed(recall.recall, 4)} < ${RECALL_GOAL})`,
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

/** Texts/s of the bundled model's index batches after it is loaded (load time apart). */
async function embedderThroughput(): Promise<{ perSecond: number; detail: string }> {
  const model = new UseLiteModel();
  const embedder = model.background;
  try {
    const loadStart = performance.now();
    await embedder.dimensions();
    const loadMs = performance.now() - loadStart;
    const at = new Date().toISOString();
    const texts = Array.from({ length: knobs.embedTexts }, (_, i) => nodeText(seedNode(i, at)));
    const start = performance.now();
    await embedder.embed(texts);
    const ms = performance.now() - start;
    return {
      perSecond: (texts.length * 1000) / ms,
      detail: `${formatInt(texts.length)} texts in ${formatFixed(ms / 1000, 2)} s; model load ${formatInt(loadMs)} ms`,
    };
  } finally {
    await model.close();
  }
}

/** Seeds the nodes through the service's adapter (the outbox triggers enqueue each). */
async function seed(dbFile: string, workspaceId: string): Promise<number> {
  const db = openDatabase({ filename: dbFile });
  const store = new SqliteGraphStore(db);
  const start = performance.now();
  try {
    const base = Date.UTC(2025, 0, 1);
    for (let first = 0; first < knobs.nodes; first += SEED_CHUNK) {
      const last = Math.min(first + SEED_CHUNK, knobs.nodes);
      await store.transaction(workspaceId, async (uow) => {
        for (let i = first; i < last; i += 1) {
          const result = await uow.graph.insertNode(
            seedNode(i, new Date(base + i * 1000).toISOString()),
          );
          if (result.status !== 'ok') {
            throw new Error(`seeding node ${i}: ${result.status}`);
          }
        }
      });
    }
  } finally {
    db.close();
  }
  return performance.now() - start;
}

interface Service extends ServerProcess {
  headers: Record<string, string>;
}

async function startService(tmp: string, dataDir: string, workspaceId: string): Promise<Service> {
  let script = path.join(REPO_ROOT, 'src', 'main.ts');
  let env: Record<string, string> = {};
  if (knobs.fullEntry === 'compiled') {
    script = compileService(path.join(tmp, 'dist')).mainJs;
    env = compiledEnv();
  }
  const port = await freePort();
  const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
  const server = await startServer({
    name: 'service',
    script,
    port,
    stdout: path.join(tmp, 'service.log'),
    readyPath: '/health',
    readyTimeoutMs: 120_000,
    env: childEnv({
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_WORKSPACE_ID: workspaceId,
      BOOTSTRAP_PLAN: 'enterprise',
      ENTERPRISE_DEFAULT_PER_MINUTE: UNLIMITED,
      ENTERPRISE_DEFAULT_PER_DAY: UNLIMITED,
    }),
  });
  return Object.assign(server, {
    headers: {
      authorization: `Bearer ${apiKey}`,
      'x-workspace-id': workspaceId,
      'content-type': 'application/json',
    },
  });
}

interface IndexStatus {
  state: string;
  indexed: number | null;
  pending: number;
}

async function indexStatus(service: Service): Promise<IndexStatus> {
  const res = await fetch(`${service.baseUrl}/api/rag/index/status`, { headers: service.headers });
  if (!res.ok) {
    throw new Error(`index status answered ${res.status}: ${await res.text()}`);
  }
  return ((await res.json()) as { data: IndexStatus }).data;
}

/** Milliseconds until the outbox of the workspace is empty and `expected` vectors exist. */
async function waitForIndex(service: Service, expected: number, timeoutMs: number) {
  const start = performance.now();
  let lastReport = start;
  for (;;) {
    const status = await indexStatus(service);
    if (status.pending === 0 && status.indexed === expected) {
      return performance.now() - start;
    }
    if (performance.now() - start > timeoutMs) {
      throw new Error(`indexing did not finish: ${JSON.stringify(status)}`);
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      out(
        `  indexing: ${formatInt(status.indexed ?? 0)} indexed, ${formatInt(status.pending)} pending`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Warm-up, then one bounded autocannon run cycling through the queries. */
async function searchLoad(service: Service, route: string, extra: object) {
  const requests = QUERIES.map((query) => ({
    method: 'POST' as const,
    path: route,
    body: JSON.stringify({ query, topK: 10, ...extra }),
  }));
  const run = (duration: number) =>
    autocannon({
      url: service.baseUrl,
      headers: service.headers,
      requests,
      connections: knobs.connections,
      duration,
      timeout: 30,
    });
  if (knobs.warmupS > 0) {
    await run(knobs.warmupS);
  }
  const result = await run(knobs.durationS);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * CREATE_NODE at a steady rate; each command's lag is from its 201 to its outbox entry's
 * removal (the indexer completes an entry after the vector is stored).
 */
async function indexingLag(service: Service, dbFile: string) {
  const reader = new BetterSqlite3(dbFile, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const stillQueued = reader
    .prepare<[string], string>(
      `SELECT node_id FROM search_outbox WHERE node_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const waiting = new Map<string, number>();
  const lags: number[] = [];
  const commandMs: number[] = [];
  let failures = 0;
  const poll = setInterval(() => {
    if (waiting.size === 0) {
      return;
    }
    const queued = new Set(stillQueued.all(JSON.stringify([...waiting.keys()])));
    const now = performance.now();
    for (const [id, answeredAt] of waiting) {
      if (!queued.has(id)) {
        lags.push(now - answeredAt);
        waiting.delete(id);
      }
    }
  }, 20);

  const total = Math.round(knobs.streamRate * knobs.streamS);
  const interval = 1000 / knobs.streamRate;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const sent = performance.now();
    inFlight.push(
      fetch(`${service.baseUrl}/api/commands/execute`, {
        method: 'POST',
        headers: service.headers,
        body: JSON.stringify({
          type: 'CREATE_NODE',
          payload: {
            entityType: 'Ticket',
            name: `stream ticket ${i}`,
            properties: {
              description: `${VERBS[i % VERBS.length]} ${OBJECTS[i % OBJECTS.length]}`,
            },
          },
        }),
      }).then(async (res) => {
        const answeredAt = performance.now();
        commandMs.push(answeredAt - sent);
        if (res.status !== 201) {
          failures += 1;
          return;
        }
        const body = (await res.json()) as { data: { result: { id: string } } };
        waiting.set(body.data.result.id, answeredAt);
      }),
    );
  }
  await Promise.all(inFlight);
  const sentS = (performance.now() - start) / 1000;
  const deadline = performance.now() + 300_000;
  while (waiting.size > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  clearInterval(poll);
  reader.close();
  const sorted = [...lags].sort((a, b) => a - b);
  const quantile = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const cmd = [...commandMs].sort((a, b) => a - b);
  return {
    p50: median(lags),
    p99: quantile(0.99),
    max: sorted[sorted.length - 1] ?? NaN,
    commandP50: median(cmd),
    commandP99: cmd[Math.min(cmd.length - 1, Math.floor(0.99 * cmd.length))] ?? NaN,
    detail:
      `${formatInt(total)} CREATE_NODE at ${formatFixed(total / sentS, 0)}/s ` +
      `(asked ${knobs.streamRate}/s), ${failures} failed, ${waiting.size} never indexed`,
  };
}

/** Mean overlap of sqlite-vec's top 10 with an exact cosine scan, over query texts. */
async function recallAt10(dbFile: string, workspaceId: string) {
  const db = openDatabase({ filename: dbFile });
  const model = new UseLiteModel();
  const embedder = model.query;
  try {
    const index = new SqliteVectorIndex(db);
    await index.ensure(await embedder.dimensions());
    const rows = db.reader
      .prepare<[string], { node_id: string; embedding: Buffer }>(
        `SELECT n.node_id, e.embedding FROM vector_embeddings e
         JOIN vector_nodes n ON n.id = e.rowid
         WHERE e.workspace_id = ?`,
      )
      .all(workspaceId);
    const points = rows.map((row) => ({
      id: row.node_id,
      vector: new Float32Array(
        row.embedding.buffer,
        row.embedding.byteOffset,
        row.embedding.length / 4,
      ),
    }));
    const texts = Array.from({ length: knobs.recallQueries }, (_, i) => {
      const base = QUERIES[i % QUERIES.length]!;
      return i < QUERIES.length ? base : `${base} ${OBJECTS[i % OBJECTS.length]} ${i}`;
    });
    const queries = await embedder.embed(texts);
    let overlap = 0;
    for (const vector of queries) {
      const approx = await index.search({ workspaceId, vector, topK: 10 });
      const exact = points
        .map((p) => ({ id: p.id, score: cosine(vector, p.vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10);
      const found = new Set(approx.map((hit) => hit.nodeId));
      overlap += exact.filter((hit) => found.has(hit.id)).length;
    }
    return {
      recall: overlap / (queries.length * 10),
      queries: queries.length,
      points: points.length,
    };
  } finally {
    await model.close();
    db.close();
  }
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:search failed: ${(error as Error).stack ?? String(error)}\n`);
  void stopAll(1000).finally(() => process.exit(1));
});
