import { cpuSnapshot, cpuUseBetween } from './cpu-noise';
import { attemptDurations, createSubscription, pacedCreates, waitFor, type Ack } from './feed-api';
import { openSse, startPull, type FeedEvent } from './feed-clients';
import {
  describeCpu,
  describeLatency,
  startFeedService,
  summarize,
  type GoalResult,
  type LatencySummary,
  type PhaseContext,
} from './events-phase';
import { formatFixed, formatInt } from './stats';
import {
  DELIVERY_STORE_OPERATIONS,
  describeTiming,
  eventLoopDelay,
  storeTimings,
} from './service-timings';
import { startWebhookReceiver, type ReceivedDelivery } from './webhook-receiver';

export interface LatencyKnobs {
  /** Commands per second. */
  rate: number;
  /** Measured seconds (after `warmupS` unmeasured ones at the same rate). */
  seconds: number;
  warmupS: number;
  /** Pause of the pull loop when it is caught up. */
  pollMs: number;
}

/** How long the readers get to see the last events once the writer is done. */
const CATCH_UP_MS = 30_000;

/**
 * Goals 1 and 2: from commit to visible in the SSE stream, in a pull loop and at a webhook
 * receiver (first attempt), while a writer sends CREATE_NODE at a steady rate. All three
 * readers run at once, as in a deployment with all of them. A command's commit is
 * acknowledged by its 201; each event is matched to its command by the node id, and its
 * latency is when it was seen minus when the 201 arrived (negative when the event came
 * first: kept as is).
 */
export async function measureLatency(
  ctx: PhaseContext,
  knobs: LatencyKnobs,
): Promise<GoalResult[]> {
  const { log } = ctx;
  log(
    `\nGoals 1-2: commit to visible (SSE, pull every ${knobs.pollMs} ms, webhook), ` +
      `CREATE_NODE at ${knobs.rate}/s for ${knobs.seconds} s after a ${knobs.warmupS} s warm-up`,
  );
  const receiver = await startWebhookReceiver();
  const service = await startFeedService(ctx, 'latency', { profile: true });
  const sse = new Map<string, number>();
  const pulled = new Map<string, number>();
  const seen = (map: Map<string, number>, event: FeedEvent, atMs: number) => {
    if (!map.has(event.subject.id)) {
      map.set(event.subject.id, atMs);
    }
  };
  let pull: ReturnType<typeof startPull> | null = null;
  let stream: Awaited<ReturnType<typeof openSse>> | null = null;
  try {
    const subscriptionId = await createSubscription(service, receiver.url('latency'));
    stream = await openSse(service, '/api/events/stream', {}, (message, atMs) => {
      if (message.data !== undefined && message.event !== 'disconnect') {
        seen(sse, JSON.parse(message.data) as FeedEvent, atMs);
      }
    });
    pull = startPull(service, knobs.pollMs, (events, atMs) =>
      events.forEach((event) => seen(pulled, event, atMs)),
    );
    if (knobs.warmupS > 0) {
      await pacedCreates(service, { rate: knobs.rate, seconds: knobs.warmupS, idPrefix: 'warm' });
    }
    const before = cpuSnapshot(service.pid);
    const run = await pacedCreates(service, {
      rate: knobs.rate,
      seconds: knobs.seconds,
      idPrefix: 'n',
    });
    const cpu = cpuUseBetween(before, cpuSnapshot(service.pid));
    const webhook = new Map<string, number>();
    let scanned = 0;
    const allSeen = () => {
      for (; scanned < receiver.deliveries.length; scanned += 1) {
        const d = receiver.deliveries[scanned]!;
        if (!webhook.has(d.subjectId)) {
          webhook.set(d.subjectId, d.atMs);
        }
      }
      return [...run.acks.keys()].every((id) => sse.has(id) && pulled.has(id) && webhook.has(id));
    };
    await waitFor(allSeen, CATCH_UP_MS);

    const commandMs = [...run.acks.values()].map((a) => a.ackAt - a.sentAt);
    log(
      `  writer: ${formatInt(run.sent)} commands at ${formatFixed(run.ratePerSecond, 1)}/s, ` +
        `answered ${describeLatency(summarize(commandMs))}, ${run.failures.size} not 201`,
    );
    log(`  ${describeCpu(cpu)}`);
    const sseLag = lagsOf(run.acks, sse);
    const pullLag = lagsOf(run.acks, pulled);
    const hookLag = lagsOf(run.acks, webhook);
    log('  latency from the 201 (negative: seen before the answer, kept as is):');
    for (const [name, lag] of [
      ['SSE', sseLag],
      ['pull', pullLag],
      ['webhook', hookLag],
    ] as const) {
      log(
        `    ${name.padEnd(8)} ${describeLatency(lag.summary)}; seen before the 201: ` +
          `${lag.early}, never seen: ${lag.missing}`,
      );
      const fromSend = summarize(lag.fromSend);
      log(
        `    ${''.padEnd(8)} from the request's start: p50 ${formatFixed(fromSend.p50, 1)}  p99 ${formatFixed(fromSend.p99, 1)} ms`,
      );
    }
    const gaps = backlogGaps(receiver.deliveries, run.acks);
    log(
      `  webhook, time per delivery while the subscription was behind: ` +
        `${describeLatency(summarize(gaps))}, mean ${formatFixed(mean(gaps), 2)} ms ` +
        `(at ${knobs.rate}/s it must stay under ` +
        `${formatFixed(1000 / knobs.rate, 1)} ms)`,
    );
    const http = summarize(await attemptDurations(service, subscriptionId, run.acks.size));
    log(
      `  webhook, the HTTP exchange of each attempt (the delivery log, last ${http.n}): ` +
        describeLatency(http),
    );
    const loop = await eventLoopDelay(service);
    log(
      `  the service's event-loop delay (/metrics, warm-up included; sampled every 10 ms, so an ` +
        `idle loop reads about 10): p50 ${formatFixed(loop.p50, 1)}  p99 ${formatFixed(loop.p99, 1)}` +
        `  max ${formatFixed(loop.max, 1)} ms`,
    );
    log("  the service's own store timings (/metrics, warm-up included):");
    for (const timing of await storeTimings(service, DELIVERY_STORE_OPERATIONS)) {
      log(`    ${describeTiming(timing)}`);
    }
    const steady = run.ratePerSecond >= 0.95 * knobs.rate && run.failures.size === 0;
    const rateNote = steady
      ? ''
      : ` (writer: ${formatFixed(run.ratePerSecond, 1)}/s, ${run.failures.size} failed)`;
    return [
      visibleGoal('SSE', sseLag, knobs.rate, 50, 250, steady, rateNote),
      visibleGoal('pull', pullLag, knobs.rate, 50, 250, steady, rateNote),
      {
        goal: `commit -> first webhook attempt, p50 <= 200 ms, p99 <= 1 s`,
        measured: `${describeShort(hookLag.summary)}, missing ${hookLag.missing}${rateNote}`,
        met:
          steady &&
          hookLag.missing === 0 &&
          hookLag.summary.p50 <= 200 &&
          hookLag.summary.p99 <= 1000,
      },
    ];
  } finally {
    await pull?.stop();
    stream?.close();
    await service.stop(30_000); // a CPU profile is written on the way out
    await receiver.close();
  }
}

/**
 * The time between two deliveries in a row when the second event was already committed
 * (its 201 had arrived) before the first was received: how long one delivery takes when the
 * dispatcher has work waiting, the subscription's top speed.
 */
function backlogGaps(deliveries: readonly ReceivedDelivery[], acks: Map<string, Ack>): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < deliveries.length; i += 1) {
    const previous = deliveries[i - 1]!;
    const ack = acks.get(deliveries[i]!.subjectId);
    if (ack !== undefined && ack.ackAt < previous.atMs) {
      gaps.push(deliveries[i]!.atMs - previous.atMs);
    }
  }
  return gaps;
}

interface Lag {
  summary: LatencySummary;
  fromSend: number[];
  early: number;
  missing: number;
}

function lagsOf(acks: Map<string, Ack>, seenAt: Map<string, number>): Lag {
  const lags: number[] = [];
  const fromSend: number[] = [];
  let missing = 0;
  for (const [id, ack] of acks) {
    const at = seenAt.get(id);
    if (at === undefined) {
      missing += 1;
    } else {
      lags.push(at - ack.ackAt);
      fromSend.push(at - ack.sentAt);
    }
  }
  return { summary: summarize(lags), fromSend, early: lags.filter((l) => l < 0).length, missing };
}

function describeShort(s: LatencySummary): string {
  return `p50 ${formatFixed(s.p50, 1)} ms, p99 ${formatFixed(s.p99, 1)} ms`;
}

function visibleGoal(
  reader: string,
  lag: Lag,
  rate: number,
  p50Goal: number,
  p99Goal: number,
  steady: boolean,
  note: string,
): GoalResult {
  return {
    goal: `commit -> visible in ${reader} at ${rate}/s, p50 <= ${p50Goal} ms, p99 <= ${p99Goal} ms`,
    measured: `${describeShort(lag.summary)}, missing ${lag.missing}${note}`,
    met: steady && lag.missing === 0 && lag.summary.p50 <= p50Goal && lag.summary.p99 <= p99Goal,
  };
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}
