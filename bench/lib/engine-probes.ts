import autocannon from 'autocannon';
import { loadProblems, runLoad, type LoadResult } from './load';
import type { Probe, ProbePhase, ProbeResult } from './probe-rounds';
import { createNodes } from './scale-build';
import type { BenchService } from './service';

/**
 * The probes bench:engines measures the service with (bench/lib/probe-rounds.ts): reads
 * under autocannon, creates through POST /api/commands/batch, and Cypher through the
 * endpoint one request at a time.
 */

/** Seconds per phase of a timed probe; a phase of 0 s is skipped. */
export interface PhaseSeconds {
  warmUp: number;
  rewarm: number;
  measure: number;
}

export function secondsOf(phase: ProbePhase, seconds: PhaseSeconds): number {
  return phase === 'warm-up'
    ? seconds.warmUp
    : phase === 'rewarm'
      ? seconds.rewarm
      : seconds.measure;
}

/** What a read probe sends: GET paths cycled per connection, or POST bodies to one path. */
export type ReadRequests =
  | { kind: 'get'; paths: readonly string[] }
  | { kind: 'post'; path: string; bodies: readonly string[] };

/** autocannon against `service` at `connections`, cycling through `requests`. */
export function httpReadProbe(options: {
  name: string;
  service: BenchService;
  pids: readonly number[];
  requests: ReadRequests;
  connections: number;
  seconds: PhaseSeconds;
}): Probe {
  const { service, requests } = options;
  return {
    name: options.name,
    unit: 'req/s',
    pids: options.pids,
    async run(phase) {
      const durationS = secondsOf(phase, options.seconds);
      if (durationS <= 0) {
        return null;
      }
      const load =
        requests.kind === 'get'
          ? await runLoad({
              url: service.baseUrl,
              headers: service.headers,
              paths: requests.paths,
              connections: options.connections,
              durationS,
            })
          : await postLoad(service, requests.path, requests.bodies, options.connections, durationS);
      return fromLoad(load);
    },
  };
}

/** Like `runLoad`, for POST requests whose bodies vary (a search per query, say). */
async function postLoad(
  service: BenchService,
  path: string,
  bodies: readonly string[],
  connections: number,
  durationS: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: service.baseUrl,
    headers: service.headers,
    requests: bodies.map((body) => ({ method: 'POST' as const, path, body })),
    connections,
    duration: durationS,
    timeout: 30,
  });
  return {
    reqPerSec: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    durationS: result.duration,
  };
}

/**
 * The rate as completed requests over the time taken: autocannon's own average is of whole
 * one-second samples, which a short smoke-run measurement does not have.
 */
function fromLoad(load: LoadResult): ProbeResult {
  return {
    perSecond: load.durationS > 0 ? load.total / load.durationS : 0,
    total: load.total,
    p50Ms: load.latencyP50Ms,
    p99Ms: load.latencyP99Ms,
    problems: loadProblems(load),
  };
}

/**
 * CREATE_NODE commands through POST /api/commands/batch (1,000 a request, `inflight` in
 * flight), numbered on from `firstNumber`: one batch to warm up, then `count` nodes per
 * measurement. The rate is nodes/s.
 */
export function serviceCreateProbe(options: {
  name: string;
  service: BenchService;
  pids: readonly number[];
  count: number;
  inflight: number;
  firstNumber: number;
  settle: () => Promise<void>;
}): Probe & { created: () => number } {
  let next = options.firstNumber;
  return {
    name: options.name,
    unit: 'nodes/s',
    pids: options.pids,
    created: () => next - options.firstNumber,
    settle: options.settle,
    async run(phase) {
      if (phase === 'rewarm') {
        return null;
      }
      const count = phase === 'warm-up' ? 1000 : options.count;
      const range = { from: next, to: next + count };
      next += count;
      const { rate } = await createNodes(options.service, range, options.inflight);
      return { perSecond: rate.perSecond, total: count, p50Ms: null, p99Ms: null, problems: [] };
    },
  };
}

/** One engine's service, the processes doing its work, and its node ids by number. */
export interface Side {
  service: BenchService;
  pids: readonly number[];
  ids: readonly string[];
}

export interface Built {
  embedded: Side;
  neo4j: Side;
  /** The Neo4j server's process (empty when it could not be found). */
  jvmPids: readonly number[];
}
