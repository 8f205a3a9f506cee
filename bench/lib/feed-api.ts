import type { FeedEvent, FeedTarget } from './feed-clients';

/**
 * The REST calls the change-feed benchmark makes besides reading the feed: commands at a
 * steady rate, batches, webhook subscriptions, the head of the log and the whole log.
 */

/** When a command was sent and when its 201 arrived (performance.now()). */
export interface Ack {
  sentAt: number;
  ackAt: number;
}

/** What a paced run of CREATE_NODE commands did. */
export interface PacedRun {
  /** By node id (chosen by the writer, so known before the answer). */
  acks: Map<string, Ack>;
  sent: number;
  /** Commands not answered 201: status or error, by node id. */
  failures: Map<string, string>;
  /** The rate the commands actually went out at. */
  ratePerSecond: number;
}

/** The CREATE_NODE payload of node number `i`, with the id the writer chose (if any). */
export function nodePayload(i: number, id?: string): object {
  return {
    ...(id === undefined ? {} : { id }),
    entityType: 'Pump',
    name: `pump ${i}`,
    properties: { n: i, line: i % 17, description: `change feed benchmark node ${i}` },
  };
}

/**
 * CREATE_NODE through POST /api/commands/execute at `rate` per second for `seconds`, open
 * loop: each command leaves at its time whether or not the previous ones were answered, so
 * a slow answer does not slow the writer down (and hide the delay). Node ids are
 * `<idPrefix>-<i>`. Resolves when every command was answered.
 */
export async function pacedCreates(
  target: FeedTarget,
  options: { rate: number; seconds: number; idPrefix: string },
): Promise<PacedRun> {
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const acks = new Map<string, Ack>();
  const failures = new Map<string, string>();
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const id = `${options.idPrefix}-${i}`;
    const sentAt = performance.now();
    inFlight.push(
      fetch(`${target.baseUrl}/api/commands/execute`, {
        method: 'POST',
        headers: target.headers,
        body: JSON.stringify({ type: 'CREATE_NODE', payload: nodePayload(i, id) }),
      }).then(
        async (res) => {
          const ackAt = performance.now();
          await res.arrayBuffer();
          if (res.status === 201) {
            acks.set(id, { sentAt, ackAt });
          } else {
            failures.set(id, `status ${res.status}`);
          }
        },
        (error: unknown) => {
          failures.set(id, (error as Error).message);
        },
      ),
    );
  }
  const sentSeconds = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  return { acks, sent: total, failures, ratePerSecond: total / Math.max(sentSeconds, 1e-3) };
}

/** POST /api/commands/batch; throws unless it is answered 201. */
export async function postBatch(target: FeedTarget, commands: readonly object[]): Promise<void> {
  const res = await fetch(`${target.baseUrl}/api/commands/batch`, {
    method: 'POST',
    headers: target.headers,
    body: JSON.stringify({ commands }),
  });
  const text = await res.text();
  if (res.status !== 201) {
    throw new Error(`batch answered ${res.status}: ${text.slice(0, 300)}`);
  }
}

/** A webhook subscription's state as GET /api/webhook-subscriptions/:id shows it. */
export interface SubscriptionState {
  id: string;
  cursor: number;
  enabled: boolean;
  failure: { attempts: number; lastError: string | null } | null;
}

async function json<T>(res: Response, what: string, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) {
    throw new Error(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}

/** Creates a webhook subscription to `url` (every event type), sent events from now on. */
export async function createSubscription(target: FeedTarget, url: string): Promise<string> {
  const res = await fetch(`${target.baseUrl}/api/webhook-subscriptions`, {
    method: 'POST',
    headers: target.headers,
    body: JSON.stringify({ url, description: 'change feed benchmark' }),
  });
  return (await json<{ id: string }>(res, 'creating a subscription', 201)).id;
}

export async function subscriptionState(
  target: FeedTarget,
  id: string,
): Promise<SubscriptionState> {
  const res = await fetch(`${target.baseUrl}/api/webhook-subscriptions/${id}`, {
    headers: target.headers,
  });
  const data = await json<Omit<SubscriptionState, 'cursor'> & { cursor: string }>(
    res,
    'reading a subscription',
    200,
  );
  return { ...data, cursor: Number(data.cursor) };
}

/**
 * How long each of a subscription's last `max` delivery attempts took, as its delivery log
 * says (the HTTP exchange alone, from the sender's side), newest first.
 */
export async function attemptDurations(
  target: FeedTarget,
  subscriptionId: string,
  max: number,
): Promise<number[]> {
  const durations: number[] = [];
  let before: string | null = null;
  while (durations.length < max) {
    const query: string = before === null ? '' : `&before=${before}`;
    const res = await fetch(
      `${target.baseUrl}/api/webhook-subscriptions/${subscriptionId}/deliveries?limit=100${query}`,
      { headers: target.headers },
    );
    const text = await res.text();
    if (res.status !== 200) {
      throw new Error(`reading the delivery log answered ${res.status}: ${text.slice(0, 300)}`);
    }
    const page = JSON.parse(text) as {
      data: { durationMs: number }[];
      meta: { nextBefore: string | null };
    };
    durations.push(...page.data.map((a) => a.durationMs));
    before = page.meta.nextBefore;
    if (before === null) {
      break;
    }
  }
  return durations.slice(0, max);
}

/** The seq of the workspace's last event (the `eventCursor` of a node list). */
export async function logHead(target: FeedTarget): Promise<number> {
  const res = await fetch(`${target.baseUrl}/api/queries/nodes?limit=1`, {
    headers: target.headers,
  });
  const text = await res.text();
  if (res.status !== 200) {
    throw new Error(`listing nodes answered ${res.status}: ${text.slice(0, 300)}`);
  }
  const cursor = (JSON.parse(text) as { meta: { eventCursor?: string } }).meta.eventCursor;
  if (cursor === undefined) {
    throw new Error('the node list gave no eventCursor (is the change feed off?)');
  }
  return Number(cursor);
}

/** Every event of the workspace's log, paging GET /api/events 1,000 at a time. */
export async function readWholeLog(target: FeedTarget): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const query: string = after === null ? '' : `&after=${after}`;
    const res = await fetch(`${target.baseUrl}/api/events?limit=1000${query}`, {
      headers: target.headers,
    });
    const text = await res.text();
    if (res.status !== 200) {
      throw new Error(`GET /api/events answered ${res.status}: ${text.slice(0, 300)}`);
    }
    const page = JSON.parse(text) as {
      data: FeedEvent[];
      meta: { nextCursor: string; hasMore: boolean };
    };
    events.push(...page.data);
    after = page.meta.nextCursor;
    if (!page.meta.hasMore) {
      return events;
    }
  }
}

/** Polls `condition` every `everyMs` until it holds or `timeoutMs` passed; true when it held. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 50,
): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await condition()) {
      return true;
    }
    if (performance.now() >= deadline) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
