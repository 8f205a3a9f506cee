import { setTimeout as sleep } from 'node:timers/promises';
import { logHead, pacedCreates } from './feed-api';
import { openSse, subscribeGraphql, type FeedEvent } from './feed-clients';
import { startFeedService, type GoalResult, type PhaseContext } from './events-phase';
import type { BenchService } from './service';
import { formatInt } from './stats';

export interface ReconnectKnobs {
  /** Commands per second while the clients come and go. */
  rate: number;
  seconds: number;
  /** Each connection is cut after a random time in this range. */
  minCutMs: number;
  maxCutMs: number;
}

/** How long the clients get to reach the head once the writer is done. */
const CATCH_UP_MS = 60_000;

/** What one reconnecting client received. */
interface Received {
  seqs: number[];
  cuts: number;
  /** Connections that could not be opened or failed (not counted as cuts). */
  failures: number;
}

/**
 * Goal 6: an SSE client and a GraphQL subscription, each cut at random every 0.5-3 s while
 * the writer runs, resume where they were (Last-Event-ID for SSE, `after` = the last seq
 * for GraphQL). What each received, in all, must be exactly 1..n, in order, once.
 */
export async function measureReconnects(
  ctx: PhaseContext,
  knobs: ReconnectKnobs,
): Promise<GoalResult[]> {
  const { log, random } = ctx;
  log(
    `\nGoal 6: reconnecting clients, cut every ${knobs.minCutMs / 1000}-${knobs.maxCutMs / 1000} s ` +
      `at random, CREATE_NODE at ${knobs.rate}/s for ${knobs.seconds} s`,
  );
  const service = await startFeedService(ctx, 'reconnect');
  try {
    let head: number | null = null;
    const caughtUp = (seqs: number[]) => head !== null && (seqs.at(-1) ?? 0) >= head;
    const cutAfter = () => knobs.minCutMs + random() * (knobs.maxCutMs - knobs.minCutMs);
    const deadline = { at: Infinity };
    const sse = followSse(service, cutAfter, caughtUp, deadline);
    const graphql = followGraphql(service, cutAfter, caughtUp, deadline);
    const run = await pacedCreates(service, {
      rate: knobs.rate,
      seconds: knobs.seconds,
      idPrefix: 'r',
    });
    head = await logHead(service);
    deadline.at = performance.now() + CATCH_UP_MS;
    const results = { SSE: await sse, GraphQL: await graphql };
    log(`  writer: ${formatInt(run.acks.size)} acknowledged, log head ${formatInt(head)}`);
    const goals: GoalResult[] = [];
    for (const [name, received] of Object.entries(results)) {
      const check = checkSeqs(received.seqs, head);
      log(
        `  ${name.padEnd(8)} ${formatInt(received.seqs.length)} events over ${received.cuts} cuts ` +
          `(${received.failures} failed connections): missing ${check.missing}, ` +
          `duplicates ${check.duplicates}, out of order ${check.outOfOrder}`,
      );
      goals.push({
        goal: `${name} cut at random and resumed (${name === 'SSE' ? 'Last-Event-ID' : 'after'}): no gap, no duplicate`,
        measured:
          `${formatInt(head)} events, ${received.cuts} cuts, ${check.missing} missing, ` +
          `${check.duplicates} duplicates`,
        met:
          received.cuts > 0 &&
          check.missing === 0 &&
          check.duplicates === 0 &&
          check.outOfOrder === 0 &&
          check.beyond === 0,
      });
    }
    return goals;
  } finally {
    await service.stop();
  }
}

/**
 * Waits `ms`, or less once the client caught up, the deadline passed or the connection
 * ended on its own.
 */
async function hold(
  ms: number,
  done: () => boolean,
  ended: () => boolean,
  deadline: { at: number },
): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until && !done() && !ended() && performance.now() < deadline.at) {
    await sleep(20);
  }
}

async function followSse(
  service: BenchService,
  cutAfter: () => number,
  caughtUp: (seqs: number[]) => boolean,
  deadline: { at: number },
): Promise<Received> {
  const received: Received = { seqs: [], cuts: 0, failures: 0 };
  let lastId: string | undefined;
  while (!caughtUp(received.seqs) && performance.now() < deadline.at) {
    let live = true;
    let ended = false;
    try {
      const connection = await openSse(
        service,
        '/api/events/stream',
        lastId === undefined ? {} : { 'last-event-id': lastId },
        (message) => {
          if (!live) {
            return;
          }
          if (message.id !== undefined) {
            lastId = message.id; // bare id lines move the cursor too
          }
          if (message.data !== undefined && message.event !== 'disconnect') {
            received.seqs.push(Number(message.id));
          }
        },
      );
      void connection.ended.then(() => (ended = true));
      await hold(
        cutAfter(),
        () => caughtUp(received.seqs),
        () => ended,
        deadline,
      );
      const endedFirst = ended;
      live = false;
      connection.close();
      received.cuts += endedFirst ? 0 : 1;
      received.failures += endedFirst ? 1 : 0;
    } catch {
      received.failures += 1;
      await sleep(100);
    }
  }
  return received;
}

async function followGraphql(
  service: BenchService,
  cutAfter: () => number,
  caughtUp: (seqs: number[]) => boolean,
  deadline: { at: number },
): Promise<Received> {
  const received: Received = { seqs: [], cuts: 0, failures: 0 };
  while (!caughtUp(received.seqs) && performance.now() < deadline.at) {
    let ended = false;
    const subscription = subscribeGraphql(
      service,
      received.seqs.at(-1) ?? null,
      (event: FeedEvent) => {
        received.seqs.push(event.seq);
      },
    );
    void subscription.ended.then(() => (ended = true));
    await hold(
      cutAfter(),
      () => caughtUp(received.seqs),
      () => ended,
      deadline,
    );
    const endedFirst = ended;
    await subscription.cut();
    received.cuts += endedFirst ? 0 : 1;
    received.failures += endedFirst ? 1 : 0;
    if (endedFirst) {
      await sleep(100);
    }
  }
  return received;
}

/** Whether `seqs` (in arrival order) is exactly 1..head. */
function checkSeqs(
  seqs: readonly number[],
  head: number,
): { missing: number; duplicates: number; outOfOrder: number; beyond: number } {
  const unique = new Set(seqs);
  let outOfOrder = 0;
  seqs.forEach((seq, i) => {
    if (i > 0 && seq < seqs[i - 1]!) {
      outOfOrder += 1;
    }
  });
  let missing = 0;
  for (let seq = 1; seq <= head; seq += 1) {
    missing += unique.has(seq) ? 0 : 1;
  }
  return {
    missing,
    duplicates: seqs.length - unique.size,
    outOfOrder,
    beyond: [...unique].filter((seq) => seq < 1 || seq > head).length,
  };
}
