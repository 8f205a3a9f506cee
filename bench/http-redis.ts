/**
 * The cost of shared rate limiting: GET /api/me on the full service with its counters in
 * memory (`memory`, no REDIS_URL) against the same service counting in a local Redis
 * (`redis`, REDIS_URL). Each request of the `redis` variant runs the counter script in Redis
 * (one round trip) where the `memory` one counts in the process. Goal: the Redis variant's
 * p50 latency is at most 0.5 ms above the memory variant's. A report: exits 0 whether or
 * not the goal is met; method in bench/README.md ("bench:http:redis").
 *
 * Requests are sent one at a time over one keep-alive connection, so a request's latency is
 * its own path, not a queue behind others; the two variants alternate by round, so slow
 * phases of a shared machine fall on both.
 *
 * Knobs (env): BENCH_ROUNDS (5), BENCH_REQUESTS (2000 per variant per round),
 * BENCH_WARMUP_REQUESTS (2000 per variant), BENCH_FULL_ENTRY (compiled | tsx),
 * BENCH_KEEP_TMP (1: keep the temp dir and logs).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { redisUnavailableReason, startRedis, type RedisServer } from '../test/support/redis-server';
import { envChoice, envFlag, envNumber } from './lib/env';
import { installCleanup, stopAll } from './lib/processes';
import { startBenchService, type BenchService } from './lib/service';
import { formatFixed, median, renderTable } from './lib/stats';

/** Most the Redis round trip may add to the p50 latency of a request, in ms. */
const GOAL_MS = 0.5;

const knobs = {
  rounds: envNumber('BENCH_ROUNDS', 5, { min: 1, integer: true }),
  requests: envNumber('BENCH_REQUESTS', 2000, { min: 100, integer: true }),
  warmup: envNumber('BENCH_WARMUP_REQUESTS', 2000, { min: 0, integer: true }),
  entry: envChoice('BENCH_FULL_ENTRY', ['compiled', 'tsx'] as const, 'compiled'),
  keepTmp: envFlag('BENCH_KEEP_TMP'),
};

const out = (line = '') => process.stdout.write(`${line}\n`);

/** Latencies of one variant in one round, in ms. */
interface Sample {
  p50: number;
  p99: number;
}

/** `count` sequential GET /api/me over one keep-alive connection; each one's time, in ms. */
async function sequential(service: BenchService, agent: http.Agent, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${service.baseUrl}/api/me`,
        { agent, headers: { authorization: service.headers.authorization } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (status !== 200) {
      throw new Error(`${service.name}: GET /api/me answered ${status}`);
    }
  }
  return times;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

/** Fails unless the Redis variant really counts in Redis (and the memory one does not). */
async function assertWiring(memory: BenchService, redis: BenchService): Promise<void> {
  for (const [service, expected] of [
    [memory, undefined],
    [redis, 'up'],
  ] as const) {
    const res = await fetch(`${service.baseUrl}/ready`);
    const body = (await res.json()) as { data?: { checks?: Record<string, string> } };
    if (res.status !== 200 || body.data?.checks?.redis !== expected) {
      throw new Error(`${service.name}: /ready says ${JSON.stringify(body)}`);
    }
  }
}

async function main(): Promise<void> {
  const unavailable = redisUnavailableReason();
  if (unavailable) {
    out(`Rate limiting with Redis: not run: ${unavailable}`);
    out(`goal p50(redis) - p50(memory) <= ${GOAL_MS} ms: NOT met (not measured)`);
    return;
  }
  installCleanup(30 * 60 * 1000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-redis-'));
  let redisServer: RedisServer | undefined;
  const agents: http.Agent[] = [];
  try {
    out('Rate limiting with Redis: GET /api/me, counters in memory vs in Redis');
    out(
      `  ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ` +
        `average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    out(
      `  ${knobs.rounds} rounds x ${knobs.requests} sequential requests per variant (one ` +
        `keep-alive connection), after ${knobs.warmup} warm-up requests each; ` +
        `entry ${knobs.entry}, rate limiting on (enterprise workspace, limits never reached)`,
    );
    redisServer = await startRedis();
    const memory = await startBenchService({
      tmp,
      name: 'memory',
      entry: knobs.entry,
      dataDir: path.join(tmp, 'memory-data'),
      env: { RATE_LIMIT_ENABLED: 'true' },
    });
    const redis = await startBenchService({
      tmp,
      name: 'redis',
      entry: knobs.entry,
      dataDir: path.join(tmp, 'redis-data'),
      env: { RATE_LIMIT_ENABLED: 'true', REDIS_URL: redisServer.url },
    });
    await assertWiring(memory, redis);
    out(`  redis-server on ${redisServer.url} (no persistence); /ready of 'redis' says redis: up`);
    out();

    const variants = [memory, redis];
    const agentOf = new Map<BenchService, http.Agent>();
    for (const service of variants) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      agentOf.set(service, agent);
      await sequential(service, agent, knobs.warmup);
    }
    const samples = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
    for (let round = 0; round < knobs.rounds; round += 1) {
      const order = round % 2 === 0 ? variants : [...variants].reverse();
      const line: string[] = [];
      for (const service of order) {
        const sorted = (await sequential(service, agentOf.get(service)!, knobs.requests)).sort(
          (a, b) => a - b,
        );
        const sample = { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
        samples.get(service.name)!.push(sample);
        line.push(`${service.name} p50 ${formatFixed(sample.p50, 3)} ms`);
      }
      out(`round ${round + 1}/${knobs.rounds}: ${line.join(', ')}`);
    }

    const memorySamples = samples.get('memory')!;
    const redisSamples = samples.get('redis')!;
    const added = redisSamples.map((s, i) => s.p50 - memorySamples[i]!.p50);
    const addedMedian = median(added);
    out();
    out('Summary (medians over rounds)');
    out(
      renderTable([
        ['variant', 'p50 ms', 'p99 ms'],
        ...[memory, redis].map((service) => {
          const list = samples.get(service.name)!;
          return [
            service.name,
            formatFixed(median(list.map((s) => s.p50)), 3),
            formatFixed(median(list.map((s) => s.p99)), 3),
          ];
        }),
      ]),
    );
    out(`added p50 per round: ${added.map((v) => formatFixed(v, 3)).join(', ')} ms`);
    out(
      `goal p50(redis) - p50(memory) <= ${GOAL_MS} ms: median ${formatFixed(addedMedian, 3)} ms ` +
        `-> ${addedMedian <= GOAL_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    for (const agent of agents) {
      agent.destroy();
    }
    await stopAll();
    await redisServer?.destroy();
    if (knobs.keepTmp) {
      out(`kept ${tmp}`);
    } else {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:http:redis failed: ${(error as Error).stack ?? String(error)}\n`);
    void stopAll(1000).finally(() => process.exit(1));
  },
);
