import { cpuSnapshot, cpuUseBetween, type CpuUse } from './cpu-noise';
import { loadProblems, runLoad, type LoadOptions, type LoadResult } from './load';
import { formatFixed, formatInt, median } from './stats';

/** One thing being measured: a running server and the request to send it. */
export interface Variant {
  name: string;
  load: Omit<LoadOptions, 'connections' | 'durationS'>;
  /** The server's pid, to report its CPU use and how busy the rest of the machine was. */
  pid?: number;
}

/** One measurement: the load result plus where the CPU went meanwhile. */
export interface Measurement extends LoadResult {
  cpu: CpuUse;
}

/** Other processes using more than this many cores during a measurement make it suspect. */
export const FOREIGN_CPU_LIMIT = 0.15;
/** Steal above this many cores (other guests on the host) makes a measurement suspect too. */
export const STEAL_LIMIT = 0.05;

export interface CompareOptions {
  rounds: number;
  connections: number;
  /** Measured seconds per variant per round. */
  durationS: number;
  /** Unmeasured seconds per variant once before round 1 (JIT, caches, connections). */
  warmupS: number;
  /** Unmeasured seconds before each measurement, so the previous variant's load is gone. */
  rewarmS: number;
  /**
   * How many measurements in the whole run may be repeated because other processes were
   * busy meanwhile (bounded, so a machine that never quiets down still finishes).
   */
  retryNoisy?: number;
  /** Waits, before each measurement, for work the previous ones left behind (indexing, say). */
  settle?: () => Promise<void>;
  log?: (line: string) => void;
}

/** Every measurement of a comparison, by round and variant name. */
export interface Comparison {
  variants: string[];
  rounds: { order: string[]; results: Map<string, Measurement> }[];
  /** Measurements repeated because the machine was busy (the last try is kept). */
  remeasured: number;
  /** Requests each variant answered in all, warm-ups included (to read CPU profiles per request). */
  served: Map<string, number>;
}

/**
 * Runs `rounds` rounds; round r measures the variants in the order rotated by r, so no
 * variant is always first (cold machine) or always last (hot, throttled machine).
 */
export async function compareVariants(
  variants: readonly Variant[],
  options: CompareOptions,
): Promise<Comparison> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const served = new Map<string, number>();
  const run = async (variant: Variant, durationS: number) => {
    const result = await runLoad({ ...variant.load, connections: options.connections, durationS });
    served.set(variant.name, (served.get(variant.name) ?? 0) + result.total);
    return result;
  };
  if (options.warmupS > 0) {
    log(`warm-up: ${options.warmupS} s each`);
    for (const variant of variants) {
      await run(variant, options.warmupS);
    }
  }
  const comparison: Comparison = {
    variants: variants.map((v) => v.name),
    rounds: [],
    remeasured: 0,
    served,
  };
  let retriesLeft = options.retryNoisy ?? 0;
  for (let r = 0; r < options.rounds; r += 1) {
    const order = variants.map((_, i) => variants[(i + r) % variants.length]!);
    log(`round ${r + 1}/${options.rounds}: ${order.map((v) => v.name).join(' -> ')}`);
    const results = new Map<string, Measurement>();
    for (const variant of order) {
      for (;;) {
        if (options.rewarmS > 0) {
          await run(variant, options.rewarmS);
        }
        await options.settle?.();
        const before = cpuSnapshot(variant.pid);
        const loaded = await run(variant, options.durationS);
        const result: Measurement = {
          ...loaded,
          cpu: cpuUseBetween(before, cpuSnapshot(variant.pid)),
        };
        results.set(variant.name, result);
        const problems = measurementProblems(result);
        log(
          `  ${variant.name.padEnd(12)} ${formatInt(result.reqPerSec).padStart(7)} req/s` +
            `  p50 ${result.latencyP50Ms} ms  p99 ${result.latencyP99Ms} ms` +
            `  cpu: server ${cores(result.cpu.server)}` +
            ` (${formatMicros(serverMicrosPerRequest(result))}/req)` +
            `, autocannon ${cores(result.cpu.loadGenerator)}, other ${cores(result.cpu.foreign)}` +
            ((result.cpu.steal ?? 0) >= 0.005 ? `, steal ${cores(result.cpu.steal)}` : '') +
            (problems.length ? `  !! ${problems.join(', ')}` : ''),
        );
        // Only contention is worth a second try; HTTP errors would just repeat.
        if (!isContended(result) || retriesLeft === 0) {
          break;
        }
        retriesLeft -= 1;
        comparison.remeasured += 1;
        log(`  ${variant.name}: machine was busy, measuring again (${retriesLeft} retries left)`);
      }
    }
    comparison.rounds.push({ order: order.map((v) => v.name), results });
  }
  return comparison;
}

/** req/s of `name` in every round. */
export function throughputs(comparison: Comparison, name: string): number[] {
  return comparison.rounds.map((round) => requireResult(round.results, name).reqPerSec);
}

/** Server CPU microseconds per request of `name` in every round (null when unknown). */
export function serverMicros(comparison: Comparison, name: string): (number | null)[] {
  return comparison.rounds.map((round) =>
    serverMicrosPerRequest(requireResult(round.results, name)),
  );
}

/**
 * CPU the server spent per request. Less sensitive to other processes than req/s: a busy
 * machine slows the server down but barely changes the work each request takes.
 */
export function serverMicrosPerRequest(m: Measurement): number | null {
  return m.cpu.server === null || m.reqPerSec === 0 ? null : (m.cpu.server * 1e6) / m.reqPerSec;
}

function formatMicros(value: number | null): string {
  return value === null ? '? us' : `${Math.round(value)} us`;
}

/** Per-round ratio a/b of req/s (each round's pair was measured back to back). */
export function ratios(comparison: Comparison, a: string, b: string): number[] {
  return comparison.rounds.map(
    (round) =>
      requireResult(round.results, a).reqPerSec / requireResult(round.results, b).reqPerSec,
  );
}

/** Any measurement with errors, non-2xx or timeouts, as readable lines. */
export function comparisonProblems(comparison: Comparison): string[] {
  const lines: string[] = [];
  comparison.rounds.forEach((round, i) => {
    for (const [name, result] of round.results) {
      const problems = measurementProblems(result);
      if (problems.length) {
        lines.push(`round ${i + 1} ${name}: ${problems.join(', ')}`);
      }
    }
  });
  return lines;
}

/** `0.81 0.79 0.80 -> median 0.80` */
export function describeRatios(values: readonly number[]): string {
  return `${values.map((v) => formatFixed(v)).join('  ')}  -> median ${formatFixed(median(values))}`;
}

function isContended(m: Measurement): boolean {
  return (m.cpu.foreign ?? 0) > FOREIGN_CPU_LIMIT || (m.cpu.steal ?? 0) > STEAL_LIMIT;
}

/** Load errors, plus other processes competing for the CPU. */
export function measurementProblems(m: Measurement): string[] {
  const problems = loadProblems(m);
  if ((m.cpu.foreign ?? 0) > FOREIGN_CPU_LIMIT) {
    problems.push(`other processes used ${cores(m.cpu.foreign)} cores`);
  }
  if ((m.cpu.steal ?? 0) > STEAL_LIMIT) {
    problems.push(`the hypervisor stole ${cores(m.cpu.steal)} cores`);
  }
  return problems;
}

function cores(value: number | null): string {
  return value === null ? '?' : value.toFixed(2);
}

function requireResult(results: Map<string, Measurement>, name: string): Measurement {
  const result = results.get(name);
  if (!result) {
    throw new Error(`no result for variant ${name}`);
  }
  return result;
}
