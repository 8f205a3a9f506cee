/**
 * Webhook reception benchmark (docs/webhooks.md): accepted deliveries per second through HTTP
 * (POST /api/webhooks/:endpointId, 1 KB JSON payloads, every request validly signed with a
 * fresh timestamp and a unique X-Webhook-Id, so every one is verified, claimed, ingested as a
 * node and edge through the command service, and answered 202). Reports the share of the
 * server's CPU per delivery spent verifying the signature: the verifier's cost per call,
 * measured here on the same 1 KB payload, over the server's CPU per accepted delivery
 * measured from /proc during the load. Goal: >= 1,000 accepted deliveries/s. Method:
 * bench/README.md (server child on 127.0.0.1, warm-up, bounded rounds, medians, other
 * processes' CPU reported). A report: exits 0 whether or not the goal is met.
 *
 * Knobs (env): BENCH_ROUNDS (3), BENCH_DURATION_S (5), BENCH_WARMUP_S (3),
 * BENCH_CONNECTIONS (8), BENCH_ENTRY (compiled | tsx), BENCH_CPU_PROF (directory: CPU-profile
 * the service; summarise with `npx tsx bench/profile-summary.ts <file>`), BENCH_EMBEDDER (stub:
 * the search indexer embeds through an OpenAI-compatible stub in this process, as with a
 * separate embeddings service (default); bundled: the bundled model in the service).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { verifyDelivery } from '../src/webhooks/verify-signature';
import { cpuSnapshot, cpuUseBetween, type CpuUse } from './lib/cpu-noise';
import { startEmbeddingsStub } from './lib/embeddings-stub';
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

const GOAL = 1_000;
const PAYLOAD_BYTES = 1024;
/** Other processes using more cores than this during a round make it suspect. */
const FOREIGN_CPU_LIMIT = 0.15;

const knobs = {
  rounds: envNumber('BENCH_ROUNDS', 3, { min: 1, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', 5, { min: 1, integer: true }),
  warmupS: envNumber('BENCH_WARMUP_S', 3, { min: 0, integer: true }),
  connections: envNumber('BENCH_CONNECTIONS', 8, { min: 1, integer: true }),
  entry: envChoice('BENCH_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  cpuProfDir: process.env.BENCH_CPU_PROF?.trim() || undefined,
  embedder: envChoice('BENCH_EMBEDDER', ['stub', 'bundled'] as const, 'stub'),
};

/** See bench/ontology.ts `embedderEnv`: stub (default) or the bundled model. */
let stub: Awaited<ReturnType<typeof startEmbeddingsStub>> | undefined;

const out = (line = '') => process.stdout.write(`${line}\n`);

/** A JSON object of exactly PAYLOAD_BYTES bytes, different for every delivery. */
function payload(seq: number): string {
  const head = `{"type":"bench.event","seq":${seq},"pad":"`;
  return `${head}${'x'.repeat(PAYLOAD_BYTES - head.length - 2)}"}`;
}

interface Round {
  accepted: number;
  acceptedPerSec: number;
  other: number;
  errors: number;
  p50: number;
  p99: number;
  cpu: CpuUse;
}

/** One bounded autocannon run; each request is signed as it is sent. */
/** Deliveries sent so far by this benchmark (every payload differs). */
let deliverySeq = 0;

async function load(
  server: ServerProcess,
  endpointPath: string,
  secret: string,
  durationS: number,
): Promise<Round> {
  const before = cpuSnapshot(server.pid);
  const result = await autocannon({
    url: server.baseUrl,
    connections: knobs.connections,
    duration: durationS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: endpointPath,
        setupRequest: (req) => {
          // Unique across warm-up and rounds: a body and timestamp seen before would carry
          // the same signature, which the service rightly answers as a duplicate (200).
          deliverySeq += 1;
          const body = payload(deliverySeq);
          const ts = Math.floor(Date.now() / 1000);
          const id = `bench-${deliverySeq}-${randomUUID()}`;
          // Signed as the documented recipe does: the id is covered by the signature.
          const signature = createHmac('sha256', secret)
            .update(`${id}.${ts}.${body}`)
            .digest('hex');
          return {
            ...req,
            body,
            headers: {
              'content-type': 'application/json',
              'x-webhook-timestamp': String(ts),
              'x-webhook-signature': `sha256=${signature}`,
              'x-webhook-id': id,
            },
          };
        },
      },
    ],
  });
  const cpu = cpuUseBetween(before, cpuSnapshot(server.pid));
  const codes = result.statusCodeStats as Record<string, { count: number } | undefined>;
  const accepted = codes['202']?.count ?? 0;
  return {
    accepted,
    acceptedPerSec: accepted / result.duration,
    other: result.requests.total - accepted,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu,
  };
}

/** Microseconds per verifyDelivery call on a 1 KB payload (the same code the server runs). */
function verificationMicros(): number {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const body = Buffer.from(payload(1));
  const ts = Math.floor(Date.now() / 1000);
  const headers = {
    'x-webhook-timestamp': String(ts),
    'x-webhook-signature': `sha256=${createHmac('sha256', secret).update(`bench.${ts}.`).update(body).digest('hex')}`,
    'x-webhook-id': 'bench',
  };
  const secrets = { current: secret, previous: null };
  const run = (n: number) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) {
      verifyDelivery(headers, body, secrets, ts * 1000);
    }
    return Number(process.hrtime.bigint() - start) / 1e3 / n;
  };
  run(5_000); // warm-up (JIT)
  return median([run(20_000), run(20_000), run(20_000)]);
}

async function startService(tmp: string): Promise<{ server: ServerProcess; apiKey: string }> {
  const port = await freePort();
  const apiKey = `wos_${randomBytes(32).toString('base64url')}`;
  let script = path.join(REPO_ROOT, 'src', 'main.ts');
  let extraEnv: Record<string, string> = {};
  if (knobs.entry === 'compiled') {
    const { mainJs, warnings } = compileService(path.join(tmp, 'dist'));
    if (warnings) {
      out(`  (tsc reported errors but emitted; measuring anyway)`);
    }
    script = mainJs;
    extraEnv = compiledEnv();
  }
  const server = await startServer({
    name: 'service',
    script,
    port,
    nodeArgs: knobs.cpuProfDir
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(knobs.cpuProfDir)}`]
      : [],
    stdout: 'ignore',
    readyPath: '/health',
    env: childEnv({
      ...extraEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      LOG_LEVEL: 'info',
      BOOTSTRAP_API_KEY: apiKey,
      BOOTSTRAP_WORKSPACE_ID: randomUUID(),
      BOOTSTRAP_PLAN: 'enterprise',
      // Above the connection count, so the limit is exercised but never refuses.
      WEBHOOK_CONCURRENCY_PER_WORKSPACE: String(knobs.connections * 2),
      ...(knobs.embedder === 'stub'
        ? { EMBEDDINGS_URL: (stub ??= await startEmbeddingsStub()).url, EMBEDDINGS_MODEL: 'stub' }
        : {}),
    }),
  });
  return { server, apiKey };
}

async function createConnector(
  server: ServerProcess,
  apiKey: string,
): Promise<{ id: string; endpointId: string; secret: string; headers: Record<string, string> }> {
  const me = (await (
    await fetch(`${server.baseUrl}/api/me`, { headers: { authorization: `Bearer ${apiKey}` } })
  ).json()) as { data: { homeWorkspaceId: string } };
  const headers = {
    authorization: `Bearer ${apiKey}`,
    'x-workspace-id': me.data.homeWorkspaceId,
    'content-type': 'application/json',
  };
  const res = await fetch(`${server.baseUrl}/api/connectors`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'Webhook', name: 'bench' }),
  });
  if (res.status !== 201) {
    throw new Error(`creating the connector answered ${res.status}: ${await res.text()}`);
  }
  const { data } = (await res.json()) as {
    data: { id: string; endpointId: string; secret: string };
  };
  return { ...data, headers };
}

async function main(): Promise<void> {
  const estimateS = 40 + knobs.warmupS + knobs.rounds * knobs.durationS;
  installCleanup((estimateS * 2 + 60) * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
  try {
    out('Webhook reception: signed 1 KB JSON deliveries, each verified, claimed and ingested');
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    out(
      `  autocannon: ${knobs.connections} connections, ${knobs.rounds} rounds of ` +
        `${knobs.durationS} s after a ${knobs.warmupS} s warm-up; service: ${knobs.entry}, ` +
        'NODE_ENV=production, LOG_LEVEL=info, SQLite (WAL, answers after an fdatasync of the WAL) in a temp dir',
    );
    const { server, apiKey } = await startService(tmp);
    const connector = await createConnector(server, apiKey);
    const endpointPath = `/api/webhooks/${connector.endpointId}`;
    if (knobs.warmupS > 0) {
      await load(server, endpointPath, connector.secret, knobs.warmupS);
    }
    const rounds: Round[] = [];
    for (let r = 0; r < knobs.rounds; r += 1) {
      const round = await load(server, endpointPath, connector.secret, knobs.durationS);
      rounds.push(round);
      const serverUs =
        round.cpu.server === null ? null : (round.cpu.server * 1e6) / round.acceptedPerSec;
      out(
        `  round ${r + 1}: ${formatInt(round.acceptedPerSec)} accepted/s  p50 ${round.p50} ms  ` +
          `p99 ${round.p99} ms  server CPU ${serverUs === null ? '?' : formatInt(serverUs)} us/delivery` +
          `  other processes ${round.cpu.foreign === null ? '?' : round.cpu.foreign.toFixed(2)} cores` +
          (round.other + round.errors > 0
            ? `  !! ${round.other} not 202, ${round.errors} errors`
            : ''),
      );
    }

    // Every 202 must be a processed event: read the history's total.
    const events = await fetch(
      `${server.baseUrl}/api/connectors/${connector.id}/events?status=processed&limit=0`,
      {
        headers: connector.headers,
      },
    );
    const processed = ((await events.json()) as { meta: { total: number } }).meta.total;
    await stopAll();

    const verifyUs = verificationMicros();
    const perSec = median(rounds.map((r) => r.acceptedPerSec));
    const serverUs = rounds
      .filter((r) => r.cpu.server !== null && r.acceptedPerSec > 0)
      .map((r) => (r.cpu.server! * 1e6) / r.acceptedPerSec);
    const medianServerUs = serverUs.length ? median(serverUs) : null;
    const noisy = rounds.some((r) => r.cpu.foreign !== null && r.cpu.foreign > FOREIGN_CPU_LIMIT);
    const clean = rounds.every((r) => r.other === 0 && r.errors === 0);

    out();
    out('Summary');
    out(
      renderTable([
        ['measure', 'value'],
        ['accepted deliveries/s (median)', formatInt(perSec)],
        [
          'server CPU per delivery',
          medianServerUs === null ? '?' : `${formatInt(medianServerUs)} us`,
        ],
        ['signature verification per delivery', `${formatFixed(verifyUs, 1)} us`],
        [
          'share of server CPU in verification',
          medianServerUs === null ? '?' : `${formatFixed((100 * verifyUs) / medianServerUs, 1)} %`,
        ],
        ['events recorded as processed', formatInt(processed)],
      ]),
    );
    const sent = rounds.reduce((sum, r) => sum + r.accepted, 0);
    if (processed < sent) {
      out(`!! only ${processed} processed events for ${sent} measured 202 answers`);
    }
    if (!clean) {
      out('!! some requests were not answered 202 (see the rounds above): results not trustworthy');
    }
    if (noisy) {
      out(`other processes used more than ${FOREIGN_CPU_LIMIT} cores during a round: noisy run`);
    }
    out(
      `goal >= ${formatInt(GOAL)} accepted deliveries/s: median ${formatInt(perSec)} -> ` +
        (perSec >= GOAL ? 'PASS' : 'FAIL') +
        (noisy || !clean ? ' (noisy run)' : ''),
    );
  } finally {
    await stopAll();
    await stub?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  void stopAll().finally(() => process.exit(1));
});
