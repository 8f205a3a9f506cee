import path from 'node:path';
import type { CpuUse } from './cpu-noise';
import { startBenchService, type BenchService, type ServiceEntry } from './service';
import { formatFixed } from './stats';

/**
 * What the phases of the change-feed benchmark (bench/events.ts) share: how a service is
 * started for them, what a phase reports, and latency summaries.
 */

/** One goal as the summary prints it. */
export interface GoalResult {
  goal: string;
  measured: string;
  met: boolean;
}

/** What every phase is given. */
export interface PhaseContext {
  tmp: string;
  entry: ServiceEntry;
  /** The embeddings stub the services' search indexers embed with. */
  stubUrl: string;
  /** CPU-profile the services of the latency, fan-out and overhead phases into this directory. */
  cpuProfDir: string | undefined;
  random: () => number;
  log: (line?: string) => void;
}

/** Where a phase's service keeps its data, unless it brings its own DATA_DIR. */
export interface FeedServiceOptions {
  env?: Record<string, string>;
  dataDir?: string;
  /** Restarting on the same data: the key and workspace the first start bootstrapped. */
  identity?: { apiKey: string; workspaceId: string };
  profile?: boolean;
}

/**
 * Starts the service for a phase: compiled (or tsx), on 127.0.0.1, embeddings from the stub,
 * webhook subscriptions allowed to reach 127.0.0.1 (the benchmark's receiver).
 */
export async function startFeedService(
  ctx: PhaseContext,
  name: string,
  options: FeedServiceOptions = {},
): Promise<BenchService> {
  const service = await startBenchService({
    tmp: ctx.tmp,
    name,
    entry: ctx.entry,
    dataDir: options.dataDir ?? path.join(ctx.tmp, name),
    ...(options.identity ? { workspaceId: options.identity.workspaceId } : {}),
    ...(options.profile && ctx.cpuProfDir
      ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(ctx.cpuProfDir)}`] }
      : {}),
    env: {
      EMBEDDINGS_URL: ctx.stubUrl,
      EMBEDDINGS_MODEL: 'bench-stub',
      EVENT_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      ...(options.identity ? { BOOTSTRAP_API_KEY: options.identity.apiKey } : {}),
      ...options.env,
    },
  });
  if (options.identity) {
    // The bootstrap ran on the first start only: this start's fresh key was never stored.
    service.apiKey = options.identity.apiKey;
    service.headers = { ...service.headers, authorization: `Bearer ${options.identity.apiKey}` };
  }
  return service;
}

/** The q-quantile of `values` (nearest rank); NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** p50, p90, p99 and max of a list of milliseconds. */
export interface LatencySummary {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  return {
    n: values.length,
    p50: quantile(values, 0.5),
    p90: quantile(values, 0.9),
    p99: quantile(values, 0.99),
    max: values.length ? Math.max(...values) : NaN,
  };
}

/** `p50 12.3  p90 20.1  p99 48.0  max 61.2 ms (n=6000)` */
export function describeLatency(s: LatencySummary): string {
  const ms = (v: number) => formatFixed(v, 1);
  return `p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}  max ${ms(s.max)} ms (n=${s.n})`;
}

/** `CPU: service 0.45 cores, benchmark 0.10, other processes 1.70` */
export function describeCpu(use: CpuUse): string {
  const cores = (v: number | null) => (v === null ? '?' : v.toFixed(2));
  return (
    `CPU: service ${cores(use.server)} cores, benchmark ${cores(use.loadGenerator)}, ` +
    `other processes ${cores(use.foreign)}` +
    ((use.steal ?? 0) >= 0.005 ? `, steal ${cores(use.steal)}` : '')
  );
}
