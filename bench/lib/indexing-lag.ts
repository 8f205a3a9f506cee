import BetterSqlite3 from 'better-sqlite3';
import type { BenchService } from './service';
import { median } from './stats';

export interface IndexingLag {
  p50: number;
  p99: number;
  max: number;
  commandP50: number;
  commandP99: number;
  sent: number;
  ratePerSecond: number;
  failures: number;
  neverIndexed: number;
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * CREATE_NODE through HTTP at a steady `rate` for `seconds`; each command's lag runs from
 * its 201 to the removal of its outbox entry (the indexer completes an entry once the
 * vector is stored), read from the SQLite file every 20 ms on a read-only connection.
 */
export async function indexingLag(
  service: BenchService,
  dbFile: string,
  rate: number,
  seconds: number,
): Promise<IndexingLag> {
  const reader = new BetterSqlite3(dbFile, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const stillQueued = reader
    .prepare<[string], string>(
      `SELECT node_id FROM search_outbox WHERE node_id IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const waiting = new Map<string, number>();
  const lags: number[] = [];
  const commandMs: number[] = [];
  let failures = 0;
  const poll = setInterval(() => {
    if (waiting.size === 0) {
      return;
    }
    const queued = new Set(stillQueued.all(JSON.stringify([...waiting.keys()])));
    const now = performance.now();
    for (const [id, answeredAt] of waiting) {
      if (!queued.has(id)) {
        lags.push(now - answeredAt);
        waiting.delete(id);
      }
    }
  }, 20);

  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const sent = performance.now();
    inFlight.push(
      fetch(`${service.baseUrl}/api/commands/execute`, {
        method: 'POST',
        headers: service.headers,
        body: JSON.stringify({
          type: 'CREATE_NODE',
          payload: {
            entityType: 'Ticket',
            name: `stream ticket ${i}`,
            properties: { description: `request number ${i} about a broken machine` },
          },
        }),
      }).then(async (res) => {
        const answeredAt = performance.now();
        commandMs.push(answeredAt - sent);
        if (res.status !== 201) {
          failures += 1;
          return;
        }
        const body = (await res.json()) as { data: { result: { id: string } } };
        waiting.set(body.data.result.id, answeredAt);
      }),
    );
  }
  await Promise.all(inFlight);
  const sentS = (performance.now() - start) / 1000;
  const deadline = performance.now() + 300_000;
  while (waiting.size > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  clearInterval(poll);
  reader.close();
  return {
    p50: lags.length > 0 ? median(lags) : NaN,
    p99: quantile(lags, 0.99),
    max: Math.max(...lags),
    commandP50: commandMs.length > 0 ? median(commandMs) : NaN,
    commandP99: quantile(commandMs, 0.99),
    sent: total,
    ratePerSecond: total / sentS,
    failures,
    neverIndexed: waiting.size,
  };
}
