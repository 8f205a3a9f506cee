import { cpuSnapshot, cpuUseBetween, type CpuSnapshot, type CpuUse } from './cpu-noise';
import { FOREIGN_CPU_LIMIT, STEAL_LIMIT } from './compare';
import { formatFixed, formatInt, median } from './stats';

/**
 * Rotating rounds, as `compareVariants` runs them, for variants that are not one HTTP server
 * under autocannon: statements sent straight through a database driver, batches of writes,
 * a service whose work is shared with a database server in another process. Each variant is
 * a probe that runs one bounded measurement in the benchmark process; the CPU of every
 * process doing its work is read from /proc, so that other processes' use still flags a
 * measurement.
 */

/** What a probe run is for: warm-up before round 1, re-warm before a measurement, or the measurement. */
export type ProbePhase = 'warm-up' | 'rewarm' | 'measure';

/** One bounded run of a probe. */
export interface ProbeResult {
  /** Requests, statements or records per second, in the probe's unit. */
  perSecond: number;
  total: number;
  /** Latency of one request, statement or batch; null when the probe does not time them. */
  p50Ms: number | null;
  p99Ms: number | null;
  /** Errors, non-2xx answers, timeouts (empty when clean). */
  problems: string[];
}

/** A variant measured in rounds. */
export interface Probe {
  name: string;
  /** `req/s`, `stmt/s`, `nodes/s`. */
  unit: string;
  /** The processes doing this variant's work besides the benchmark itself (service, database). */
  pids: readonly number[];
  /** Runs once; a probe skips the phases it has no use for by resolving null. */
  run(phase: ProbePhase): Promise<ProbeResult | null>;
  /** Waits, before each measurement, for work a previous one left behind (indexing, say). */
  settle?(): Promise<void>;
}

/** A measurement with where the CPU went meanwhile (`server`: the probe's processes together). */
export interface ProbeMeasurement extends ProbeResult {
  cpu: CpuUse;
}

/** Every measurement of a run, by round and probe name. */
export interface ProbeRounds {
  rounds: Map<string, ProbeMeasurement>[];
}

export interface ProbeRoundsOptions {
  rounds: number;
  log: (line: string) => void;
}

/** CPU counters now, `serverMs` summed over `pids` (null when any cannot be read). */
function snapshot(pids: readonly number[]): CpuSnapshot {
  const [first, ...rest] = pids;
  const base = cpuSnapshot(first);
  let serverMs = base.serverMs;
  for (const pid of rest) {
    const more = cpuSnapshot(pid).serverMs;
    serverMs = serverMs === null || more === null ? null : serverMs + more;
  }
  return { ...base, serverMs };
}

/**
 * Warm-up of every probe, then `rounds` rounds; round r runs the probes in the order rotated
 * by r, each re-warmed and settled right before its measurement.
 */
export async function runProbeRounds(
  probes: readonly Probe[],
  options: ProbeRoundsOptions,
): Promise<ProbeRounds> {
  for (const probe of probes) {
    await probe.run('warm-up');
  }
  const result: ProbeRounds = { rounds: [] };
  for (let r = 0; r < options.rounds; r += 1) {
    const order = probes.map((_, i) => probes[(i + r) % probes.length]!);
    options.log(`  round ${r + 1}/${options.rounds}: ${order.map((p) => p.name).join(' -> ')}`);
    const measured = new Map<string, ProbeMeasurement>();
    for (const probe of order) {
      await probe.run('rewarm');
      await probe.settle?.();
      const before = snapshot(probe.pids);
      const run = await probe.run('measure');
      if (!run) {
        throw new Error(`probe ${probe.name} measured nothing`);
      }
      const measurement = { ...run, cpu: cpuUseBetween(before, snapshot(probe.pids)) };
      measured.set(probe.name, measurement);
      options.log(`    ${describeMeasurement(probe, measurement)}`);
    }
    result.rounds.push(measured);
  }
  return result;
}

/** `neo4j  1,234 req/s  p50 3.0 ms  p99 9.0 ms  cpu: server 1.20, bench 0.31, other 0.02` */
function describeMeasurement(probe: Probe, m: ProbeMeasurement): string {
  const latency =
    m.p50Ms === null
      ? ''
      : `  p50 ${formatFixed(m.p50Ms, 1)} ms  p99 ${formatFixed(m.p99Ms ?? 0, 1)} ms`;
  const problems = measurementProblems(m);
  return (
    `${probe.name.padEnd(14)} ${formatInt(m.perSecond).padStart(7)} ${probe.unit}${latency}` +
    `  cpu: server ${cores(m.cpu.server)}, bench ${cores(m.cpu.loadGenerator)}, other ${cores(m.cpu.foreign)}` +
    ((m.cpu.steal ?? 0) >= 0.005 ? `, steal ${cores(m.cpu.steal)}` : '') +
    (problems.length ? `  !! ${problems.join(', ')}` : '')
  );
}

/** The probe's own problems, plus other processes or other guests competing for the CPU. */
export function measurementProblems(m: ProbeMeasurement): string[] {
  const problems = [...m.problems];
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

function measurementOf(
  rounds: ProbeRounds,
  round: Map<string, ProbeMeasurement>,
  name: string,
): ProbeMeasurement {
  const m = round.get(name);
  if (!m) {
    throw new Error(`no measurement of ${name} in round ${rounds.rounds.indexOf(round) + 1}`);
  }
  return m;
}

/** The rate of `name` in every round. */
export function ratesOf(rounds: ProbeRounds, name: string): number[] {
  return rounds.rounds.map((round) => measurementOf(rounds, round, name).perSecond);
}

/** Per-round ratio of rates a/b (each round measured the pair close together). */
export function rateRatios(rounds: ProbeRounds, a: string, b: string): number[] {
  return rounds.rounds.map(
    (round) =>
      measurementOf(rounds, round, a).perSecond / measurementOf(rounds, round, b).perSecond,
  );
}

/** Median p50 latency of `name` over the rounds (null when the probe does not time requests). */
export function medianP50(rounds: ProbeRounds, name: string): number | null {
  const values = rounds.rounds
    .map((round) => measurementOf(rounds, round, name).p50Ms)
    .filter((v): v is number => v !== null);
  return values.length ? median(values) : null;
}

/** Every measurement of the run, flattened (for the noise summary). */
export function allMeasurements(rounds: ProbeRounds): ProbeMeasurement[] {
  return rounds.rounds.flatMap((round) => [...round.values()]);
}
