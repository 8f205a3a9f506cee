import { cpuSnapshot, cpuUseBetween } from './cpu-noise';
import { createSubscription, nodePayload, postBatch, waitFor } from './feed-api';
import { describeCpu, startFeedService, type GoalResult, type PhaseContext } from './events-phase';
import { formatFixed, formatInt } from './stats';
import { DELIVERY_STORE_OPERATIONS, describeTiming, storeTimings } from './service-timings';
import { startWebhookReceiver, type ReceivedDelivery } from './webhook-receiver';

export interface FanoutKnobs {
  /** Webhook subscriptions on the workspace, each sent every event. */
  subscriptions: number;
  /** Events written (CREATE_NODE through batches of up to 1,000). */
  events: number;
}

/** The fan-out goal: deliveries per second to a healthy receiver. */
const GOAL_PER_SECOND = 2000;
const BATCH = 1000;

/**
 * Goal 3: M subscriptions on one workspace, a burst of K events through
 * POST /api/commands/batch, and the rate at which a healthy local receiver gets the M x K
 * deliveries, from the first to the last. Each subscription must get every event exactly once
 * and in seq order.
 */
export async function measureFanout(ctx: PhaseContext, knobs: FanoutKnobs): Promise<GoalResult[]> {
  const { log } = ctx;
  const m = knobs.subscriptions;
  const k = knobs.events;
  log(
    `\nGoal 3: fan-out, ${m} subscriptions x ${formatInt(k)} events (batches of ${Math.min(BATCH, k)})`,
  );
  const receiver = await startWebhookReceiver();
  const service = await startFeedService(ctx, 'fanout', { profile: true });
  try {
    for (let s = 0; s < m; s += 1) {
      await createSubscription(service, receiver.url(`f${s}`));
    }
    const before = cpuSnapshot(service.pid);
    const start = performance.now();
    let lastAck = start;
    for (let from = 0; from < k; from += BATCH) {
      const commands = [];
      for (let i = from; i < Math.min(k, from + BATCH); i += 1) {
        commands.push({ type: 'CREATE_NODE', payload: nodePayload(i, `f-${i}`) });
      }
      await postBatch(service, commands);
      lastAck = performance.now();
    }
    const written = lastAck - start;
    // Bounded: at a tenth of the goal's rate it would still finish.
    const budgetMs = 30_000 + ((m * k) / (GOAL_PER_SECOND / 10)) * 1000;
    const complete = await waitFor(
      () => Array.from({ length: m }, (_, s) => receiver.countOf(`f${s}`)).every((c) => c >= k),
      budgetMs,
      20,
    );
    const cpu = cpuUseBetween(before, cpuSnapshot(service.pid));
    const deliveries = receiver.deliveries;
    const first = deliveries[0]?.atMs ?? NaN;
    const last = deliveries.at(-1)?.atMs ?? NaN;
    const perSecond = (deliveries.length * 1000) / Math.max(1, last - first);
    const checks = checkSubscriptions(deliveries, m, k);
    log(
      `  batches answered in ${formatFixed(written / 1000, 2)} s ` +
        `(${formatInt((k * 1000) / Math.max(1, written))} events/s)`,
    );
    log(
      `  ${formatInt(deliveries.length)} deliveries in ${formatFixed((last - first) / 1000, 2)} s ` +
        `from the first to the last: ${formatInt(perSecond)}/s; the last came ` +
        `${formatFixed((last - lastAck) / 1000, 2)} s after the last batch's 201` +
        (complete ? '' : ` (gave up after ${formatInt(budgetMs / 1000)} s)`),
    );
    log(
      `  per subscription: ${checks.complete}/${m} got every event, duplicates ${checks.duplicates}, ` +
        `out of order ${checks.outOfOrder}, unexpected ${checks.unexpected}`,
    );
    log(`  ${describeCpu(cpu)}`);
    log("  the service's own store timings (/metrics):");
    for (const timing of await storeTimings(service, DELIVERY_STORE_OPERATIONS)) {
      log(`    ${describeTiming(timing)}`);
    }
    return [
      {
        goal: `fan-out to a healthy receiver >= ${formatInt(GOAL_PER_SECOND)} deliveries/s (${m} subscriptions)`,
        measured: `${formatInt(perSecond)}/s over ${formatInt(deliveries.length)} deliveries`,
        met: perSecond >= GOAL_PER_SECOND && complete,
      },
      {
        goal: 'fan-out: every subscription got every event once, in seq order',
        measured:
          `${checks.complete}/${m} complete, ${checks.duplicates} duplicates, ` +
          `${checks.outOfOrder} out of order`,
        met:
          checks.complete === m &&
          checks.duplicates === 0 &&
          checks.outOfOrder === 0 &&
          checks.unexpected === 0,
      },
    ];
  } finally {
    await service.stop(30_000);
    await receiver.close();
  }
}

/**
 * Per subscription: whether it got events 1..k, how many it got again, how many arrived
 * after a later one, and how many were not expected at all.
 */
function checkSubscriptions(
  deliveries: readonly ReceivedDelivery[],
  m: number,
  k: number,
): { complete: number; duplicates: number; outOfOrder: number; unexpected: number } {
  const byPath = new Map<string, number[]>();
  for (const d of deliveries) {
    const list = byPath.get(d.path) ?? [];
    list.push(d.seq);
    byPath.set(d.path, list);
  }
  let complete = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let unexpected = 0;
  for (let s = 0; s < m; s += 1) {
    const seqs = byPath.get(`/s/f${s}`) ?? [];
    const unique = new Set(seqs);
    duplicates += seqs.length - unique.size;
    unexpected += [...unique].filter((q) => !Number.isInteger(q) || q < 1 || q > k).length;
    let previous = 0;
    for (const q of seqs) {
      if (q < previous) {
        outOfOrder += 1;
      }
      previous = Math.max(previous, q);
    }
    if (Array.from({ length: k }, (_, i) => i + 1).every((q) => unique.has(q))) {
      complete += 1;
    }
  }
  return { complete, duplicates, outOfOrder, unexpected };
}
