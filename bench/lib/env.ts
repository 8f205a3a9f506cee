/**
 * Benchmark knobs come from BENCH_* environment variables so a run can be made longer
 * (steadier numbers) or shorter (a smoke check) without editing code.
 *
 * `BENCH_SMOKE=1` is the smoke check every benchmark shares (`npm test` runs each so): a knob
 * left unset takes its value from `SMOKE_KNOBS` instead of the benchmark's default, the
 * smallest sizes and shortest measurements that still run every phase and print every line.
 * A knob set explicitly still wins.
 */
const SMOKE_KNOBS: Readonly<Record<string, string>> = {
  // Shared by every benchmark that measures in rounds.
  BENCH_ROUNDS: '1',
  BENCH_DURATION_S: '1',
  BENCH_WARMUP_S: '0',
  BENCH_REWARM_S: '0',
  BENCH_RETRY_NOISY: '0',
  // Run the sources: compiling the service (30-60 s on 2 cores) would dominate.
  BENCH_FULL_ENTRY: 'tsx',
  BENCH_ENTRY: 'tsx',
  BENCH_CYPHER_ENTRY: 'tsx',
  // bench:http:redis
  BENCH_REQUESTS: '100',
  BENCH_WARMUP_REQUESTS: '100',
  // bench:ontology and bench:search
  BENCH_NODES: '1000',
  BENCH_READ_IDS: '50',
  BENCH_WRITE_CONNECTIONS: '4',
  // bench:search
  BENCH_LARGE_NODES: '0',
  BENCH_QUERIES: '50',
  BENCH_BACKLOG: '50',
  BENCH_STREAM_RATE: '20',
  BENCH_STREAM_S: '1',
  BENCH_RECALL_QUERIES: '10',
  // bench:scale (its smallest sizes)
  BENCH_SCALE_NODES: '10000',
  BENCH_SCALE_IMPORT_NODES: '2000',
  BENCH_SCALE_SMALL_NODES: '1000',
  BENCH_SCALE_CURSOR_PAGE: '20',
  // bench:cypher
  BENCH_CYPHER_NODES: '1000',
  BENCH_CYPHER_RUNS: '1',
  BENCH_CYPHER_TWO_HOP_WARMUP: '5',
  BENCH_CYPHER_TWO_HOP_RUNS: '10',
  // bench:engines
  BENCH_ENGINES_NODES: '1000',
  BENCH_ENGINES_CREATE_NODES: '1000',
  BENCH_ENGINES_CYPHER_RUNS: '1',
  BENCH_ENGINES_SETTLE_S: '60',
  // bench:events has its own small counts.
  BENCH_EVENTS_SMOKE: '1',
};

/** The raw value of a knob: the environment's, else the smoke value under `BENCH_SMOKE=1`. */
function knob(name: string): string | undefined {
  const raw = process.env[name];
  if (raw !== undefined && raw.trim() !== '') {
    return raw;
  }
  return /^(1|true|yes)$/i.test(process.env.BENCH_SMOKE ?? '') ? SMOKE_KNOBS[name] : undefined;
}

/** A numeric knob, checked against its bounds. */
export function envNumber(
  name: string,
  fallback: number,
  options: { min?: number; integer?: boolean } = {},
): number {
  const raw = knob(name);
  if (raw === undefined) {
    return fallback;
  }
  const value = Number(raw);
  const min = options.min ?? 0;
  if (!Number.isFinite(value) || value < min || (options.integer && !Number.isInteger(value))) {
    throw new Error(
      `${name} must be ${options.integer ? 'an integer' : 'a number'} >= ${min}, got "${raw}"`,
    );
  }
  return value;
}

/** A string knob restricted to a few values. */
export function envChoice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
  const raw = knob(name);
  if (raw === undefined) {
    return fallback;
  }
  if (!(choices as readonly string[]).includes(raw)) {
    throw new Error(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A boolean knob: 1/true/yes turn it on. */
export function envFlag(name: string): boolean {
  return /^(1|true|yes)$/i.test(knob(name) ?? '');
}
