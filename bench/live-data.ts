/**
 * Live data benchmark (docs/live-data.md): ingest throughput through HTTP (POST /api/live-data/ingest,
 * batches of 5,000 points, every batch new timestamps) against the raw engine writing the
 * same batches in the same run: raw better-sqlite3 inserts (same pragmas, one transaction
 * per batch) for the embedded store, the raw `influx` client against the same throwaway
 * influxd for InfluxDB. Then the latency of a 24 h window of 1 s points aggregated by 1 min.
 * Goal: HTTP >= 0.5 x raw on both engines. Method: bench/README.md (children on
 * 127.0.0.1, warm-up, rounds in rotating order, medians and per-round ratios). A report:
 * exits 0 whether or not the goal is met. InfluxDB is skipped, saying so, without `influxd`.
 *
 * Knobs (env): BENCH_ROUNDS (3), BENCH_DURATION_S (5), BENCH_WARMUP_S (2),
 * BENCH_CONNECTIONS (4: batches in flight, HTTP and raw alike), BENCH_ENTRY (compiled | tsx).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { InfluxDB, type IPoint } from 'influx';
import { influxdUnavailableReason, startInfluxd, type Influxd } from '../test/support/influxd';
import { envChoice, envNumber } from './lib/env';
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

const BATCH = 5_000;
const GOAL = 0.5;
const DAY_POINTS = 86_400;

const knobs = {
  rounds: envNumber('BENCH_ROUNDS', 3, { min: 1, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 5, { min: 1, integer: true }),
  warmupS: envNumber('BENCH_WARMUP_S', 2, { min: 0, integer: true }),
  connections: envNumber('BENCH_CONNECTIONS', 4, { min: 1, integer: true }),
  entry: envChoice('BENCH_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
};

const out = (line = '') => process.stdout.write(`${line}\n`);

/** Timestamps never repeat across batches (a repeat would measure overwrites, not inserts). */
class Clock {
  private next: number;
  constructor(start: number) {
    this.next = start;
  }
  take(count: number): number {
    const first = this.next;
    this.next += count;
    return first;
  }
}

function batchValues(first: number): { timestamp: number; value: number }[] {
  return Array.from({ length: BATCH }, (_, i) => ({
    timestamp: first + i,
    value: Math.sin((first + i) / 1000) * 100,
  }));
}

interface Service {
  server: ServerProcess;
  headers: Record<string, string>;
}

async function startService(
  tmp: string,
  name: string,
  env: Record<string, string>,
): Promise<Service> {
  const port = await freePort();
  const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
  const workspaceId = randomUUID();
  let script = path.join(REPO_ROOT, 'src', 'main.ts');
  let extra: Record<string, string> = {};
  if (knobs.entry === 'compiled') {
    const dist = path.join(tmp, 'dist');
    script = fs.existsSync(path.join(dist, 'main.js'))
      ? path.join(dist, 'main.js')
      : compileService(dist).mainJs;
    extra = compiledEnv();
  }
  const server = await startServer({
    name,
    script,
    port,
    readyPath: '/health',
    stdout: path.join(tmp, `${name}.log`),
    env: childEnv({
      ...extra,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, `${name}-data`),
      LOG_LEVEL: 'info',
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_WORKSPACE_ID: workspaceId,
      BOOTSTRAP_PLAN: 'enterprise',
      ENTERPRISE_DEFAULT_PER_MINUTE: '1000000000',
      ENTERPRISE_DEFAULT_PER_DAY: '1000000000000',
    }),
  });
  return {
    server,
    headers: {
      authorization: `Bearer ${apiKey}`,
      'x-workspace-id': workspaceId,
      'content-type': 'application/json',
    },
  };
}

async function createSource(service: Service, name: string): Promise<string> {
  const res = await fetch(`${service.server.baseUrl}/api/live-data/sources`, {
    method: 'POST',
    headers: service.headers,
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as { data: { id: string } };
  if (res.status !== 201) {
    throw new Error(`creating a source answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.data.id;
}

/** Points/s through HTTP: `connections` POSTs in flight, each a new batch of 5,000 points. */
async function httpIngest(
  service: Service,
  sourceId: string,
  clock: Clock,
  seconds: number,
): Promise<number> {
  const prefix = `{"sourceId":"${sourceId}","points":`;
  const result = await autocannon({
    url: `${service.server.baseUrl}/api/live-data/ingest`,
    connections: knobs.connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: service.headers,
        setupRequest: (req) => ({
          ...req,
          body: `${prefix}${JSON.stringify(batchValues(clock.take(BATCH)))}}`,
        }),
      },
    ],
  });
  const problems = result.non2xx + result.errors + result.timeouts;
  if (problems > 0) {
    throw new Error(
      `HTTP ingest had ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return (result['2xx'] * BATCH) / result.duration;
}

/** Points/s of raw better-sqlite3 inserts: the embedded store's schema and pragmas. */
function rawSqlite(db: BetterSqlite3.Database, clock: Clock, seconds: number): number {
  const insert = db.prepare(
    'INSERT INTO live_points (series_id, ts, value, tags) VALUES (1, ?, ?, NULL)',
  );
  const writeBatch = db.transaction((points: { timestamp: number; value: number }[]) => {
    for (const p of points) {
      insert.run(p.timestamp, p.value);
    }
  });
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let written = 0;
  while (performance.now() < end) {
    writeBatch(batchValues(clock.take(BATCH)));
    written += BATCH;
  }
  return written / ((performance.now() - start) / 1000);
}

function openRawSqlite(tmp: string): BetterSqlite3.Database {
  const db = new BetterSqlite3(path.join(tmp, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE live_points (series_id INTEGER NOT NULL, ts INTEGER NOT NULL,
    value REAL NOT NULL, tags TEXT, PRIMARY KEY (series_id, ts)) STRICT, WITHOUT ROWID`);
  return db;
}

/** Points/s of the raw `influx` client: `connections` batch writes in flight. */
async function rawInflux(client: InfluxDB, clock: Clock, seconds: number): Promise<number> {
  const source = randomUUID();
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  let written = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const points: IPoint[] = batchValues(clock.take(BATCH)).map((p) => ({
        measurement: 'points',
        tags: { workspace: 'raw', source },
        fields: { value: p.value, tags: '' },
        timestamp: String(p.timestamp),
      }));
      await client.writePoints(points, { precision: 'ms' });
      written += BATCH;
    }
  };
  await Promise.all(Array.from({ length: knobs.connections }, worker));
  return written / ((performance.now() - start) / 1000);
}

interface IngestRow {
  engine: string;
  http: number[];
  raw: number[];
}

/** Rounds in rotating order: each round measures HTTP and raw back to back. */
async function compare(
  engine: string,
  measure: { http: (s: number) => Promise<number>; raw: (s: number) => Promise<number> },
): Promise<IngestRow> {
  if (knobs.warmupS > 0) {
    await measure.http(knobs.warmupS);
    await measure.raw(knobs.warmupS);
  }
  const row: IngestRow = { engine, http: [], raw: [] };
  for (let r = 0; r < knobs.rounds; r += 1) {
    const order: ('http' | 'raw')[] = r % 2 === 0 ? ['http', 'raw'] : ['raw', 'http'];
    const results: Record<string, number> = {};
    for (const variant of order) {
      results[variant] = await measure[variant](knobs.durationS);
    }
    row.http.push(results.http!);
    row.raw.push(results.raw!);
    out(
      `  ${engine} round ${r + 1}: http ${formatInt(results.http!)} pts/s, raw ${formatInt(results.raw!)} pts/s, ` +
        `ratio ${formatFixed(results.http! / results.raw!)}`,
    );
  }
  return row;
}

/** Seeds 24 h of 1 s points through HTTP, then measures the 1 min aggregation of that day. */
async function queryLatency(service: Service, engine: string): Promise<string[]> {
  const sourceId = await createSource(service, `${engine} day`);
  const dayStart = Date.UTC(2026, 0, 14);
  for (let i = 0; i < DAY_POINTS; i += BATCH) {
    const points = Array.from({ length: Math.min(BATCH, DAY_POINTS - i) }, (_, j) => ({
      timestamp: dayStart + (i + j) * 1000,
      value: Math.cos(i + j),
    }));
    const res = await fetch(`${service.server.baseUrl}/api/live-data/ingest`, {
      method: 'POST',
      headers: service.headers,
      body: JSON.stringify({ sourceId, points }),
    });
    if (res.status !== 200) {
      throw new Error(`seeding answered ${res.status}: ${await res.text()}`);
    }
  }
  const query = `sourceId=${sourceId}&aggregation=mean&interval=1m&from=${dayStart}&to=${dayStart + 86_400_000}`;
  const url = `${service.server.baseUrl}/api/live-data/query?${query}`;
  const check = (await (await fetch(url, { headers: service.headers })).json()) as {
    data: { points: unknown[] };
  };
  if (check.data.points.length !== 1440) {
    throw new Error(`expected 1440 buckets, got ${check.data.points.length}`);
  }
  const result = await autocannon({
    url,
    headers: service.headers,
    connections: 1,
    duration: knobs.durationS,
    timeout: 30,
  });
  return [
    engine,
    formatFixed(result.latency.p50, 1),
    formatFixed(result.latency.p99, 1),
    formatFixed(result.requests.average, 1),
  ];
}

async function main(): Promise<void> {
  installCleanup((60 + knobs.rounds * 4 * knobs.durationS * 2 + 300) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  let influxd: Influxd | undefined;
  try {
    out('Live data: ingest through HTTP vs the raw engine, and a 24 h / 1 min aggregation');
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; batches of ` +
        `${formatInt(BATCH)} points, ${knobs.connections} in flight, ${knobs.rounds} rounds of ` +
        `${knobs.durationS} s per variant (order alternating), warm-up ${knobs.warmupS} s`,
    );
    const rows: IngestRow[] = [];
    const latency: string[][] = [['engine', 'p50 ms', 'p99 ms', 'req/s']];

    const sqliteService = await startService(tmp, 'sqlite', {});
    const sqliteSource = await createSource(sqliteService, 'bench');
    const httpClock = new Clock(Date.UTC(2025, 0, 1));
    const rawDb = openRawSqlite(tmp);
    const rawClock = new Clock(Date.UTC(2025, 0, 1));
    rows.push(
      await compare('sqlite', {
        http: (s) => httpIngest(sqliteService, sqliteSource, httpClock, s),
        raw: (s) => Promise.resolve(rawSqlite(rawDb, rawClock, s)),
      }),
    );
    rawDb.close();
    latency.push(await queryLatency(sqliteService, 'sqlite'));
    await sqliteService.server.stop();

    const missing = influxdUnavailableReason();
    if (missing) {
      out(`  influxdb: skipped (${missing})`);
    } else {
      influxd = await startInfluxd();
      const influxService = await startService(tmp, 'influx', {
        INFLUX_URL: influxd.url,
        INFLUX_DATABASE: 'bench',
      });
      const influxSource = await createSource(influxService, 'bench');
      const url = new URL(influxd.url);
      const raw = new InfluxDB({
        host: url.hostname,
        port: Number(url.port),
        database: 'bench_raw',
      });
      await raw.createDatabase('bench_raw');
      const influxHttpClock = new Clock(Date.UTC(2025, 0, 1));
      const influxRawClock = new Clock(Date.UTC(2025, 0, 1));
      rows.push(
        await compare('influxdb', {
          http: (s) => httpIngest(influxService, influxSource, influxHttpClock, s),
          raw: (s) => rawInflux(raw, influxRawClock, s),
        }),
      );
      latency.push(await queryLatency(influxService, 'influxdb'));
      await influxService.server.stop();
    }

    out();
    out('Ingest (points/s, medians over rounds):');
    out(
      renderTable([
        ['engine', 'http', 'raw', 'ratio (median of rounds)', 'goal'],
        ...rows.map((row) => {
          const ratio = median(row.http.map((h, i) => h / row.raw[i]!));
          return [
            row.engine,
            formatInt(median(row.http)),
            formatInt(median(row.raw)),
            formatFixed(ratio),
            ratio >= GOAL ? `met (>= ${GOAL})` : `NOT met (< ${GOAL})`,
          ];
        }),
      ]),
    );
    out();
    out(
      'Query: GET /api/live-data/query, 24 h of 1 s points, mean by 1 min (1,440 buckets), 1 connection:',
    );
    out(renderTable(latency));
  } finally {
    await stopAll();
    await influxd?.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
