import { compareVariants, describeRatios, ratios, serverMicros, throughputs } from './compare';
import { nodePayload } from './feed-api';
import { quantile, startFeedService, type GoalResult, type PhaseContext } from './events-phase';
import {
  rateRatios,
  ratesOf,
  runProbeRounds,
  type Probe,
  type ProbePhase,
  type ProbeResult,
} from './probe-rounds';
import { waitForSearchQuiet } from './search-measures';
import type { BenchService } from './service';
import { formatFixed, formatInt, median } from './stats';

export interface OverheadKnobs {
  rounds: number;
  durationS: number;
  warmupS: number;
  rewarmS: number;
  /** autocannon connections for single commands. */
  connections: number;
  /** Batch requests in flight at once. */
  batchInflight: number;
  retryNoisy: number;
}

/** The log may cost at most 10% of the throughput without it. */
const MIN_RATIO = 0.9;
const BATCH = 1000;
/** Longest wait for both services' search indexes to settle before a measurement. */
const SETTLE_MS = 120_000;
const ON = 'feed on';
const OFF = 'feed off';

/**
 * Goal 4: what recording the change log costs writes. Two services side by side, one with
 * the feed (the default), one with CHANGE_FEED_ENABLED=false, measured in rotating rounds:
 * CREATE_NODE through POST /api/commands/execute under autocannon, then batches of 1,000
 * CREATE_NODE through POST /api/commands/batch. Medians of per-round ratios on/off.
 */
export async function measureOverhead(
  ctx: PhaseContext,
  knobs: OverheadKnobs,
): Promise<GoalResult[]> {
  const { log } = ctx;
  log(
    `\nGoal 4: write throughput with the change feed on / off, ${knobs.rounds} rounds of ` +
      `${knobs.durationS} s (rotating order)`,
  );
  const on = await startFeedService(ctx, 'feed-on', { profile: true });
  const off = await startFeedService(ctx, 'feed-off', {
    env: { CHANGE_FEED_ENABLED: 'false' },
    profile: true,
  });
  try {
    log(`  CREATE_NODE, POST /api/commands/execute, ${knobs.connections} connections:`);
    const body = JSON.stringify({
      type: 'CREATE_NODE',
      payload: { entityType: 'Pump', name: 'overhead', properties: { n: 1, line: 2 } },
    });
    const variant = (name: string, service: BenchService) => ({
      name,
      pid: service.pid,
      load: {
        url: `${service.baseUrl}/api/commands/execute`,
        method: 'POST' as const,
        headers: service.headers,
        body,
      },
    });
    // Each service indexes the nodes it was sent in the background; the previous
    // measurement's backlog must not run during the next one (its CPU would count against
    // whichever variant comes next).
    const settle = async () => {
      await Promise.all([on, off].map((s) => waitForSearchQuiet(s, SETTLE_MS, 500)));
    };
    const singles = await compareVariants([variant(ON, on), variant(OFF, off)], {
      settle,
      rounds: knobs.rounds,
      connections: knobs.connections,
      durationS: knobs.durationS,
      warmupS: knobs.warmupS,
      rewarmS: knobs.rewarmS,
      retryNoisy: knobs.retryNoisy,
      log: (line) => log(`  ${line}`),
    });
    const singleRatios = ratios(singles, ON, OFF);
    const cpuRatios = cpuPerCommandRatios(serverMicros(singles, ON), serverMicros(singles, OFF));
    log(`  on/off req/s per round: ${describeRatios(singleRatios)}`);
    if (cpuRatios.length) {
      log(`  on/off service CPU per command: ${describeRatios(cpuRatios)}`);
    }

    log(
      `  batches of ${BATCH} CREATE_NODE, POST /api/commands/batch, ${knobs.batchInflight} in flight:`,
    );
    const batches = await runProbeRounds(
      [batchProbe(ON, on, knobs, settle), batchProbe(OFF, off, knobs, settle)],
      {
        rounds: knobs.rounds,
        log,
      },
    );
    const batchRatios = rateRatios(batches, ON, OFF);
    log(`  on/off nodes/s per round: ${describeRatios(batchRatios)}`);
    if (ctx.cpuProfDir) {
      log(
        `  profiles: feed on pid ${on.pid}, feed off pid ${off.pid}; requests answered: ` +
          `on ${formatInt(singles.served.get(ON) ?? 0)}, off ${formatInt(singles.served.get(OFF) ?? 0)} ` +
          'single commands, plus the batches',
      );
    }
    return [
      overheadGoal(
        'CREATE_NODE',
        singleRatios,
        median(throughputs(singles, ON)),
        median(throughputs(singles, OFF)),
        'req/s',
      ),
      overheadGoal(
        `batches of ${BATCH}`,
        batchRatios,
        median(ratesOf(batches, ON)),
        median(ratesOf(batches, OFF)),
        'nodes/s',
      ),
    ];
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}

function overheadGoal(
  what: string,
  perRound: number[],
  onRate: number,
  offRate: number,
  unit: string,
): GoalResult {
  const ratio = median(perRound);
  return {
    goal: `the log costs ${what} at most 10%: on/off >= ${formatFixed(MIN_RATIO)}`,
    measured: `${formatFixed(ratio)} (${formatInt(onRate)} vs ${formatInt(offRate)} ${unit})`,
    met: ratio >= MIN_RATIO,
  };
}

/** Per-round ratio of CPU per command on/off (rounds where either is unknown are left out). */
function cpuPerCommandRatios(on: (number | null)[], off: (number | null)[]): number[] {
  return on.flatMap((a, i) => {
    const b = off[i];
    return a === null || b === null || b === undefined || b === 0 ? [] : [a / b];
  });
}

/** Batches of 1,000 CREATE_NODE, `batchInflight` requests at a time, for a bounded time. */
function batchProbe(
  name: string,
  service: BenchService,
  knobs: OverheadKnobs,
  settle: () => Promise<void>,
): Probe {
  const commands = Array.from({ length: BATCH }, (_, i) => ({
    type: 'CREATE_NODE',
    payload: nodePayload(i),
  }));
  const body = JSON.stringify({ commands });
  const seconds: Record<ProbePhase, number> = {
    'warm-up': knobs.warmupS,
    rewarm: knobs.rewarmS,
    measure: knobs.durationS,
  };
  return {
    name,
    unit: 'nodes/s',
    pids: [service.pid],
    settle,
    run: async (phase): Promise<ProbeResult | null> => {
      if (seconds[phase] <= 0) {
        return null;
      }
      const start = performance.now();
      const until = start + seconds[phase] * 1000;
      const latencies: number[] = [];
      const problems: string[] = [];
      const worker = async () => {
        while (performance.now() < until) {
          const sent = performance.now();
          const res = await fetch(`${service.baseUrl}/api/commands/batch`, {
            method: 'POST',
            headers: service.headers,
            body,
          });
          await res.arrayBuffer();
          if (res.status !== 201) {
            problems.push(`batch answered ${res.status}`);
            return;
          }
          latencies.push(performance.now() - sent);
        }
      };
      await Promise.all(Array.from({ length: knobs.batchInflight }, worker));
      const elapsedS = (performance.now() - start) / 1000;
      return {
        perSecond: (latencies.length * BATCH) / elapsedS,
        total: latencies.length * BATCH,
        p50Ms: quantile(latencies, 0.5),
        p99Ms: quantile(latencies, 0.99),
        problems,
      };
    },
  };
}
