import autocannon from 'autocannon';

/** What one autocannon measurement produced. */
export interface LoadResult {
  /** Mean of the per-second request counts (autocannon's `requests.average`). */
  reqPerSec: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  durationS: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: string;
  connections: number;
  durationS: number;
  pipelining?: number;
  /**
   * Optional: paths (with query string) on `url`'s host that each connection requests in
   * turn, so a read is not always the same row. Built once by autocannon, so they cost the
   * load generator nothing per request.
   */
  paths?: readonly string[];
}

/**
 * One bounded autocannon run in this process (no workers: the server child gets the other
 * core). Rejects on a configuration error; HTTP errors are counted, not thrown.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.paths?.length ? { requests: options.paths.map((path) => ({ path })) } : {}),
    connections: options.connections,
    pipelining: options.pipelining ?? 1,
    duration: options.durationS,
    timeout: 10,
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

/** Problems that make a measurement untrustworthy (empty when clean). */
export function loadProblems(result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.non2xx > 0) {
    problems.push(`${result.non2xx} non-2xx`);
  }
  if (result.errors > 0) {
    problems.push(`${result.errors} errors`);
  }
  if (result.timeouts > 0) {
    problems.push(`${result.timeouts} timeouts`);
  }
  if (result.total === 0) {
    problems.push('no requests completed');
  }
  return problems;
}
