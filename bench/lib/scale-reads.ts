import type { BenchService } from './service';
import { median } from './stats';

/** Latencies of requests sent by `probe` or `timeRequests`. */
export interface Latencies {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function summarise(ms: number[], errors: number): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    errors,
    p50: sorted.length > 0 ? median(sorted) : NaN,
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

async function timedGet(service: BenchService, path: string): Promise<number | null> {
  const start = performance.now();
  const res = await fetch(`${service.baseUrl}${path}`, { headers: service.headers });
  await res.arrayBuffer();
  return res.status === 200 ? performance.now() - start : null;
}

/**
 * `concurrency` clients each GET `paths` in turn (client i starts at path i) until `until`
 * settles, at most `maxRequests` in all; the latency of every answer. A light, steady load
 * that measures how long other requests wait while something heavy runs beside them.
 */
export async function probe(
  service: BenchService,
  paths: readonly string[],
  concurrency: number,
  until: Promise<unknown>,
): Promise<Latencies> {
  let stopped = false;
  void until.finally(() => {
    stopped = true;
  });
  const ms: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      for (let k = client; !stopped; k += concurrency) {
        const took = await timedGet(service, paths[k % paths.length]!);
        if (took === null) {
          errors += 1;
        } else {
          ms.push(took);
        }
      }
    }),
  );
  return summarise(ms, errors);
}

/** `count` GETs of `path`, one after the other. */
export async function timeRequests(
  service: BenchService,
  path: string,
  count: number,
): Promise<Latencies> {
  const ms: number[] = [];
  let errors = 0;
  for (let i = 0; i < count; i += 1) {
    const took = await timedGet(service, path);
    if (took === null) {
      errors += 1;
    } else {
      ms.push(took);
    }
  }
  return summarise(ms, errors);
}

/**
 * Follows `meta.nextCursor` from the first page of `listPath` (a path with its query)
 * through `pages - 1` pages; returns the cursor of page `pages`.
 */
export async function cursorOfPage(
  service: BenchService,
  listPath: string,
  pages: number,
): Promise<string> {
  let cursor: string | null = null;
  for (let page = 1; page < pages; page += 1) {
    const path: string =
      cursor === null ? listPath : `${listPath}&cursor=${encodeURIComponent(cursor)}`;
    const res = await fetch(`${service.baseUrl}${path}`, { headers: service.headers });
    const body = (await res.json()) as { meta?: { nextCursor?: string | null } };
    cursor = body.meta?.nextCursor ?? null;
    if (res.status !== 200 || cursor === null) {
      throw new Error(`page ${page} of ${listPath} answered ${res.status} without a next cursor`);
    }
  }
  if (cursor === null) {
    throw new Error('a cursor needs at least two pages');
  }
  return cursor;
}
