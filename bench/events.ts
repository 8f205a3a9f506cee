/**
 * Change feed benchmark (docs/events.md): how fast a commit reaches the feed's readers, how
 * many webhook deliveries a second it fans out, what the log costs writes, that nothing is
 * lost across kill -9, and that cut clients resume without gap or repeat. Prints each goal
 * as met or NOT met (a report: exits 0 either way; non-zero only when a phase could not run).
 * Method and results: bench/README.md, "bench:events".
 *
 * 1-2. CREATE_NODE at 200/s (open loop); an SSE client, a pull loop and a webhook receiver
 *      time each event from the command's 201 (bench/lib/events-latency.ts).
 * 3.   M subscriptions, K events in batches of 1,000: deliveries/s at a healthy receiver
 *      (bench/lib/events-fanout.ts).
 * 4.   Feed on / off side by side, rotating rounds: CREATE_NODE and batches
 *      (bench/lib/events-overhead.ts).
 * 5.   kill -9 rounds on one DATA_DIR, then the whole log and a subscription's deliveries
 *      checked against every answer (bench/lib/events-crash.ts).
 * 6.   SSE and GraphQL clients cut at random while the writer runs
 *      (bench/lib/events-reconnect.ts).
 *
 * Every service is compiled as `npm start` runs it, on 127.0.0.1, on the embedded SQLite
 * store, embedding through the stub (bench/lib/embeddings-stub.ts).
 *
 * Knobs (env): BENCH_EVENTS_SMOKE (1: small counts, about a minute), BENCH_EVENTS_ONLY
 * (comma-separated: latency, fanout, overhead, crash, reconnect), BENCH_EVENTS_RATE (200),
 * BENCH_EVENTS_SECONDS (30), BENCH_EVENTS_WARMUP_S (5), BENCH_EVENTS_POLL_MS (10),
 * BENCH_EVENTS_SUBSCRIPTIONS (25), BENCH_EVENTS_FANOUT_EVENTS (3000), BENCH_ROUNDS (3),
 * BENCH_DURATION_S (5), BENCH_WARMUP_S (3), BENCH_REWARM_S (1), BENCH_CONNECTIONS (32),
 * BENCH_BATCH_INFLIGHT (2), BENCH_RETRY_NOISY (3), BENCH_EVENTS_KILLS (20),
 * BENCH_EVENTS_WRITERS (4), BENCH_EVENTS_RECONNECT_S (30), BENCH_EVENTS_SEED (1),
 * BENCH_FULL_ENTRY (compiled | tsx), BENCH_CPU_PROF (directory: CPU-profile the services of
 * phases 1-4), BENCH_KEEP_TMP (1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '../test/support/seeded-random';
import { startEmbeddingsStub } from './lib/embeddings-stub';
import { envChoice, envFlag, envNumber } from './lib/env';
import { measureCrashes } from './lib/events-crash';
import { measureFanout } from './lib/events-fanout';
import { measureLatency } from './lib/events-latency';
import { measureOverhead } from './lib/events-overhead';
import type { GoalResult, PhaseContext } from './lib/events-phase';
import { measureReconnects } from './lib/events-reconnect';
import { compileService, installCleanup, stopAll } from './lib/processes';
import { renderTable } from './lib/stats';

const smoke = envFlag('BENCH_EVENTS_SMOKE');
/** The full run's default, or the smoke run's. */
const pick = (full: number, small: number) => (smoke ? small : full);

const PHASES = ['latency', 'fanout', 'overhead', 'crash', 'reconnect'] as const;
type Phase = (typeof PHASES)[number];

const knobs = {
  only: onlyPhases(process.env.BENCH_EVENTS_ONLY),
  rate: envNumber('BENCH_EVENTS_RATE', 200, { min: 1 }),
  seconds: envNumber('BENCH_EVENTS_SECONDS', pick(30, 5), { min: 1 }),
  latencyWarmupS: envNumber('BENCH_EVENTS_WARMUP_S', pick(5, 1), { min: 0 }),
  pollMs: envNumber('BENCH_EVENTS_POLL_MS', 10, { min: 1 }),
  subscriptions: envNumber('BENCH_EVENTS_SUBSCRIPTIONS', pick(25, 20), { min: 1, integer: true }),
  fanoutEvents: envNumber('BENCH_EVENTS_FANOUT_EVENTS', pick(3000, 500), {
    min: 1,
    integer: true,
  }),
  rounds: envNumber('BENCH_ROUNDS', pick(3, 1), { min: 1, integer: true }),
  durationS: envNumber('BENCH_DURATION_S', pick(5, 2), { min: 1, integer: true }),
  warmupS: envNumber('BENCH_WARMUP_S', pick(3, 1), { min: 0, integer: true }),
  rewarmS: envNumber('BENCH_REWARM_S', pick(1, 0), { min: 0, integer: true }),
  connections: envNumber('BENCH_CONNECTIONS', 32, { min: 1, integer: true }),
  batchInflight: envNumber('BENCH_BATCH_INFLIGHT', 2, { min: 1, integer: true }),
  retryNoisy: envNumber('BENCH_RETRY_NOISY', pick(3, 0), { min: 0, integer: true }),
  kills: envNumber('BENCH_EVENTS_KILLS', pick(20, 3), { min: 1, integer: true }),
  writers: envNumber('BENCH_EVENTS_WRITERS', 4, { min: 1, integer: true }),
  reconnectS: envNumber('BENCH_EVENTS_RECONNECT_S', pick(30, 8), { min: 1 }),
  seed: envNumber('BENCH_EVENTS_SEED', 1, { integer: true }),
  entry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  cpuProfDir: process.env.BENCH_CPU_PROF?.trim() || undefined,
  keepTmp: envFlag('BENCH_KEEP_TMP'),
};

/** Each round of the crash phase writes for a random time in this range before the kill. */
const CRASH_WRITE_MS = { min: 300, max: pick(3000, 1500) };

const out = (line = '') => process.stdout.write(`${line}\n`);

function onlyPhases(raw: string | undefined): Set<Phase> {
  if (raw === undefined || raw.trim() === '') {
    return new Set(PHASES);
  }
  const asked = raw.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !(PHASES as readonly string[]).includes(p));
  if (unknown.length) {
    throw new Error(`BENCH_EVENTS_ONLY: unknown ${unknown.join(', ')} (${PHASES.join(', ')})`);
  }
  return new Set(asked as Phase[]);
}

/** A generous bound on the whole run, for the watchdog (seconds). */
function budgetSeconds(): number {
  const overhead = 2 * 2 * (knobs.warmupS + knobs.rounds * (knobs.durationS + knobs.rewarmS));
  const fanout = (knobs.subscriptions * knobs.fanoutEvents) / 200;
  return Math.round(
    1.5 *
      (300 +
        knobs.latencyWarmupS +
        knobs.seconds +
        60 +
        fanout +
        60 +
        overhead +
        60 +
        knobs.kills * (CRASH_WRITE_MS.max / 1000 + 30) +
        150 +
        knobs.reconnectS +
        90),
  );
}

async function main(): Promise<void> {
  installCleanup(budgetSeconds() * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
  const stub = await startEmbeddingsStub();
  const goals: GoalResult[] = [];
  let failed = 0;
  try {
    header();
    if (knobs.entry === 'compiled') {
      const { warnings } = compileService(path.join(tmp, 'dist'));
      if (warnings) {
        out('  (tsc reported errors but emitted; measuring anyway)');
      }
    }
    const ctx: PhaseContext = {
      tmp,
      entry: knobs.entry,
      stubUrl: stub.url,
      cpuProfDir: knobs.cpuProfDir,
      random: seededRandom(knobs.seed),
      log: out,
    };
    const phases: Record<Phase, () => Promise<GoalResult[]>> = {
      latency: () =>
        measureLatency(ctx, {
          rate: knobs.rate,
          seconds: knobs.seconds,
          warmupS: knobs.latencyWarmupS,
          pollMs: knobs.pollMs,
        }),
      fanout: () =>
        measureFanout(ctx, { subscriptions: knobs.subscriptions, events: knobs.fanoutEvents }),
      overhead: () => measureOverhead(ctx, knobs),
      crash: () =>
        measureCrashes(ctx, {
          kills: knobs.kills,
          writers: knobs.writers,
          minWriteMs: CRASH_WRITE_MS.min,
          maxWriteMs: CRASH_WRITE_MS.max,
        }),
      reconnect: () =>
        measureReconnects(ctx, {
          rate: knobs.rate,
          seconds: knobs.reconnectS,
          minCutMs: 500,
          maxCutMs: 3000,
        }),
    };
    for (const phase of PHASES.filter((p) => knobs.only.has(p))) {
      const started = performance.now();
      try {
        goals.push(...(await phases[phase]()));
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        out(`  !! ${phase} could not run: ${message}`);
        goals.push({ goal: phase, measured: 'could not run (see above)', met: false });
      }
      out(`  (${phase}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await stopAll();
    await stub.close();
    if (knobs.keepTmp) {
      out(`kept ${tmp}`);
    } else {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  out('\nSummary');
  out(
    renderTable([
      ['goal', 'measured', 'result'],
      ...goals.map((g) => [g.goal, g.measured, g.met ? 'met' : 'NOT met']),
    ]),
  );
  out(`load average at the end: ${loadAverage()}`);
  process.exit(failed > 0 ? 1 : 0);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function header(): void {
  out(`Change feed: latency, fan-out, cost, no loss, reconnection${smoke ? ' (smoke run)' : ''}`);
  out(
    `  ${os.cpus().length} x ${os.cpus()[0]?.model.trim() ?? '?'}, Node ${process.version}, ` +
      `load average ${loadAverage()}`,
  );
  out(
    `  services ${knobs.entry === 'compiled' ? 'compiled as npm start runs them' : 'run through tsx'}` +
      ', embedded SQLite store, embeddings from the stub, 127.0.0.1; seed ' +
      knobs.seed,
  );
}

main().catch(async (error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  await stopAll();
  process.exit(1);
});
