import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { itOn } from '../../support/test-engine';

/**
 * Benchmarks that cannot rot: each `bench:*` script runs here in its smoke mode
 * (`BENCH_SMOKE=1`, bench/lib/env.ts: tiny sizes, one short round, every phase and line), so a
 * change that breaks a benchmark fails the tests. No goal is checked: on a busy test machine a
 * report may say NOT met, which decides nothing; what must hold is that the benchmark ran to
 * its end (exit 0) and printed its last section.
 */

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The benchmarks run their own services and engines: once, on the embedded project, is enough. */
const itOnce = itOn(['sqlite'], 'the benchmarks start their own services and engines');

/**
 * The longest smoke runs (the search model embedding thousands of texts, a Neo4j of its own) would take the test run past its budget on 2 cores: they run with
 * `BENCH_SMOKE_ALL=1`.
 */
const everything = /^(1|true|yes)$/i.test(process.env.BENCH_SMOKE_ALL ?? '');

interface Benchmark {
  /** bench/<file>.ts */
  file: string;
  /** A line its report always prints in its last section. */
  lastLine: RegExp;
  /** How long the smoke run may take on a busy 2-core machine, in seconds. */
  timeoutS: number;
  /** Only with BENCH_SMOKE_ALL=1 (see `everything`). */
  long?: boolean;
  /** Why it cannot run here, or null. */
  unavailable?: () => string | null;
}

/** Neo4j of its own for bench:engines: a JVM and Maven to build the test launcher. */
function javaUnavailableReason(): string | null {
  for (const [command, flag] of [
    ['java', '-version'],
    ['mvn', '-v'],
  ] as const) {
    const probe = spawnSync(command, [flag], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0) {
      return `${command} is not on the PATH (bench:engines starts its own Neo4j)`;
    }
  }
  return null;
}

const BENCHMARKS: Benchmark[] = [
  { file: 'http-overhead', lastLine: /^goal full\/bare >= 0\.50: /m, timeoutS: 90 },
  // Without redis-server or influxd these print that they skipped that engine, and exit 0.
  {
    file: 'http-redis',
    lastLine: /^goal p50\(redis\) - p50\(memory\) <= 0\.5 ms: /m,
    timeoutS: 90,
  },
  { file: 'webhooks', lastLine: /^goal >= 1,000 accepted deliveries\/s: /m, timeoutS: 90 },
  {
    file: 'live-data',
    // The query table's first row.
    lastLine: /^Query: GET \/api\/live-data\/query.*\n.*\n.*\nsqlite +\d/m,
    timeoutS: 120,
  },
  {
    file: 'cypher',
    lastLine: /^GOAL two-hop pattern within 2x of the neighbors route: /m,
    timeoutS: 120,
  },
  {
    file: 'ontology',
    lastLine: /^ {2}typed \/ untyped CPU per command: [\d.]+ .*goal <= 1\.10: /m,
    timeoutS: 150,
  },
  {
    file: 'scale',
    lastLine: /^other requests during offset [\d,]+: get p99 /m,
    timeoutS: 180,
  },
  {
    file: 'search',
    lastLine: /^(Every goal met\.|Goals NOT met: )/m,
    timeoutS: 600,
    long: true,
  },
  { file: 'events', lastLine: /^load average at the end: /m, timeoutS: 240 },
  // Without sdk/python/.venv it prints that it skipped Python, and that line.
  { file: 'sdk', lastLine: /^goal Python SDK latency <= 1\.05x bare: /m, timeoutS: 90 },
  {
    file: 'engines',
    lastLine: /^goal +measured \(per round\) +bound +result/m,
    timeoutS: 600,
    long: true,
    unavailable: javaUnavailableReason,
  },
];

describe('benchmarks in smoke mode (BENCH_SMOKE=1, real processes)', () => {
  // The benchmarks pick their engines themselves: a Neo4j of the test run is not theirs.
  const { NEO4J_URI: _uri, NEO4J_PASSWORD: _password, ...inherited } = process.env;

  for (const bench of BENCHMARKS) {
    const title = `bench/${bench.file}.ts runs to its last line`;
    if (bench.long && !everything) {
      it.skip(`${title} (long: runs with BENCH_SMOKE_ALL=1)`, () => undefined);
      continue;
    }
    const missing = bench.unavailable?.() ?? null;
    if (missing) {
      it.skip(`${title} (skipped: ${missing})`, () => undefined);
      continue;
    }
    itOnce(
      title,
      async () => {
        const { stdout } = await run('npx', ['tsx', `bench/${bench.file}.ts`], {
          cwd: ROOT,
          env: { ...inherited, BENCH_SMOKE: '1' },
          maxBuffer: 64 * 1024 * 1024,
          timeout: bench.timeoutS * 1000,
        });
        expect(stdout).toMatch(bench.lastLine);
      },
      (bench.timeoutS + 10) * 1000,
    );
  }
});
