import type { FeedTarget } from './feed-clients';
import { formatFixed, formatInt } from './stats';

/** One store operation's calls as /metrics counts them (`store_operation_duration_seconds`). */
export interface StoreTiming {
  operation: string;
  count: number;
  meanMs: number;
  /** Share of the calls that took more than 10 ms. */
  over10Ms: number;
}

const METRIC = 'store_operation_duration_seconds';

/**
 * The store calls that tell where a webhook delivery's time goes, next to the commands'
 * transactions (which the delivery's writes queue behind).
 */
export const DELIVERY_STORE_OPERATIONS = [
  'graph.transaction',
  'eventSubscriptions.appendAttempt',
  'eventSubscriptions.advance',
  'changeLog.read',
];

/**
 * The service's own timings of store calls (GET /metrics, public while METRICS_TOKEN is
 * unset), for the operations named: where a phase's time went inside the service.
 */
export async function storeTimings(
  target: FeedTarget,
  operations: readonly string[],
): Promise<StoreTiming[]> {
  const res = await fetch(`${target.baseUrl}/metrics`);
  const text = await res.text();
  if (res.status !== 200) {
    throw new Error(`GET /metrics answered ${res.status}`);
  }
  const value = (suffix: string, operation: string, le?: string) => {
    const labels = `operation="${operation}"`;
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith(`${METRIC}_${suffix}{`) &&
          l.includes(labels) &&
          (le === undefined || l.includes(`le="${le}"`)),
      );
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  return operations.map((operation) => {
    const count = value('count', operation);
    const sum = value('sum', operation);
    const within10 = value('bucket', operation, '0.01');
    return {
      operation,
      count,
      meanMs: count === 0 ? NaN : (sum * 1000) / count,
      over10Ms: count === 0 ? 0 : 1 - within10 / count,
    };
  });
}

/**
 * The service's event-loop delay since its previous scrape (prom-client's default metrics),
 * in ms: a blocked loop holds up every delivery, stream and answer alike.
 */
export async function eventLoopDelay(
  target: FeedTarget,
): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${target.baseUrl}/metrics`)).text();
  const seconds = (name: string) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`nodejs_eventloop_lag_${name}_seconds `));
    return line === undefined ? NaN : Number(line.slice(line.lastIndexOf(' ') + 1)) * 1000;
  };
  return { p50: seconds('p50'), p99: seconds('p99'), max: seconds('max') };
}

/** `eventSubscriptions.advance 2,200 calls, mean 3.1 ms, 8% over 10 ms` */
export function describeTiming(t: StoreTiming): string {
  return (
    `${t.operation} ${formatInt(t.count)} calls, mean ${formatFixed(t.meanMs, 2)} ms, ` +
    `${formatFixed(100 * t.over10Ms, 1)}% over 10 ms`
  );
}
