import type { Logger } from 'pino';
import type { ChangeEvent } from '../../domain/change-events';
import type { EventSubscription, SubscriptionSecrets } from '../../domain/event-subscriptions';
import { presentEvent } from '../event-view';
import type { ChangeLogStore } from '../../ports/change-log';
import type { ChangeSignal } from '../../ports/change-signal';
import type { Clock } from '../../ports/clock';
import type { EventSubscriptionStore } from '../../ports/event-subscription-store';
import type { LeaseStore } from '../../ports/lease-store';
import { subscriptionTypes } from './filters';
import { attemptDelivery } from './attempt';
import type { HttpSender } from './http-sender';
import { retryDelayMs } from './retry';

export interface DispatcherOptions {
  /** How long a subscription keeps being retried before it is disabled. */
  retryWindowMs: number;
  /** Subscriptions delivered at once by this instance at most. */
  concurrency: number;
  /** How often subscriptions due for a retry (or missed by a signal) are looked for. */
  pollMs: number;
}

/** Events read from the log per step of a subscription's delivery. */
const PAGE = 100;
/** Events examined per read at most (a selective subscription skips the others). */
const SCAN = 2000;
/** A subscription's lease: one instance delivers it at a time; renewed while it works. */
const LEASE_MS = 30_000;

/**
 * Sends each subscription its events (docs/events.md, "Delivery"): in seq order, one at a
 * time, at least once. A failed event is retried with exponential backoff and jitter
 * (honouring Retry-After) before any later event is sent; a subscription that keeps failing
 * past the retry window, or whose receiver answers 410 Gone, is disabled with the reason.
 * Each subscription is delivered by one instance at a time (a lease), which moves its cursor
 * only from where it found it, so instances sharing the store never send an event twice in
 * one attempt. Commits wake it through the change signal; a poll finds retries that are due.
 */
export class DeliveryDispatcher {
  private readonly running = new Map<string, boolean>();
  private readonly waiting: EventSubscription[] = [];
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private readonly active = new Set<Promise<void>>();

  constructor(
    private readonly store: EventSubscriptionStore,
    private readonly log: ChangeLogStore,
    private readonly signal: ChangeSignal,
    private readonly leases: LeaseStore,
    private readonly sender: HttpSender,
    private readonly clock: Clock,
    private readonly options: DispatcherOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.unsubscribe = this.signal.subscribe((workspaceId, head) => {
      if (workspaceId === null) {
        this.poll();
      } else {
        this.guard(this.store.behind(workspaceId, head, this.nowIso()), 'finding subscriptions');
      }
    });
    this.timer = setInterval(() => this.poll(), this.options.pollMs);
    this.timer.unref();
    this.poll();
  }

  /** Stops looking for work and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) {
      clearInterval(this.timer);
    }
    this.waiting.length = 0;
    await Promise.allSettled([...this.active]);
  }

  private poll(): void {
    this.guard(this.store.due(this.nowIso(), 100), 'finding due subscriptions');
  }

  private guard(found: Promise<EventSubscription[]>, what: string): void {
    found.then(
      (subscriptions) => subscriptions.forEach((s) => this.schedule(s)),
      (error: unknown) => this.logger.warn({ err: error }, `event delivery: ${what} failed`),
    );
  }

  /** Delivers `subscription` now, or once it or a place is free. */
  private schedule(subscription: EventSubscription): void {
    if (this.stopped) {
      return;
    }
    if (this.running.has(subscription.id)) {
      // Already being delivered: look again once that run ends (it may have read too early).
      this.running.set(subscription.id, true);
      return;
    }
    if (this.running.size >= this.options.concurrency) {
      if (!this.waiting.some((s) => s.id === subscription.id)) {
        this.waiting.push(subscription);
      }
      return;
    }
    this.running.set(subscription.id, false);
    const run = this.run(subscription)
      .catch((error: unknown) =>
        this.logger.warn(
          { err: error, subscriptionId: subscription.id },
          'event delivery run failed',
        ),
      )
      .finally(() => {
        const again = this.running.get(subscription.id) === true;
        this.running.delete(subscription.id);
        this.active.delete(run);
        if (again) {
          this.schedule(subscription);
        }
        const next = this.waiting.shift();
        if (next) {
          this.schedule(next);
        }
      });
    this.active.add(run);
  }

  private async run(found: EventSubscription): Promise<void> {
    const key = `event-subscription:${found.workspaceId}:${found.id}`;
    const lease = await this.leases.acquire(key, 1, LEASE_MS);
    if (lease === null) {
      return; // Another instance is delivering it.
    }
    try {
      await this.drain(found.workspaceId, found.id, async () => {
        await this.leases.renew(key, lease, LEASE_MS);
      });
    } finally {
      await this.leases.release(key, lease);
    }
  }

  /** Sends the subscription's pending events in order until it is caught up or fails. */
  private async drain(workspaceId: string, id: string, renew: () => Promise<void>): Promise<void> {
    let secrets: SubscriptionSecrets | null = null;
    for (;;) {
      // Read again under the lease: another instance may have moved it meanwhile.
      const subscription = await this.store.get(workspaceId, id);
      const nowMs = this.clock.now();
      if (
        !subscription?.enabled ||
        this.stopped ||
        (subscription.nextAttemptAt !== null && Date.parse(subscription.nextAttemptAt) > nowMs)
      ) {
        return;
      }
      const page = await this.log.read(workspaceId, {
        after: subscription.cursor,
        filter: { types: subscriptionTypes(subscription) },
        limit: PAGE,
        scanLimit: SCAN,
      });
      const events = page.events.filter((event) => wants(subscription, event));
      let state = subscription;
      for (const event of events) {
        secrets ??= await this.store.secrets(workspaceId, id);
        if (!secrets || this.stopped) {
          return;
        }
        if (!(await this.deliver(state, secrets, event))) {
          return;
        }
        state = {
          ...state,
          cursor: event.seq,
          attempts: 0,
          failingSince: null,
          nextAttemptAt: null,
        };
        await renew();
      }
      const cursor = state.cursor;
      if (page.cursor > cursor) {
        // Events after the last one sent were not for this subscription: move past them.
        if (!(await this.store.advance(workspaceId, id, cursor, page.cursor, this.nowIso()))) {
          return;
        }
      }
      if (!page.more) {
        return;
      }
    }
  }

  /**
   * One attempt at the event after the subscription's cursor; true when it was delivered
   * and the cursor moved past it.
   */
  private async deliver(
    subscription: EventSubscription,
    secrets: SubscriptionSecrets,
    event: ChangeEvent,
  ): Promise<boolean> {
    const nowMs = this.clock.now();
    const { record, outcome } = await attemptDelivery(
      this.sender,
      subscription,
      secrets,
      {
        eventId: event.id,
        eventSeq: event.seq,
        eventType: event.type,
        body: JSON.stringify(presentEvent(event)),
      },
      'delivery',
      subscription.attempts + 1,
      nowMs,
    );
    const at = new Date(this.clock.now()).toISOString();
    const { workspaceId, id } = subscription;
    if (record.outcome === 'succeeded') {
      // One write for the log entry and the cursor: the next event follows sooner.
      return this.store.delivered(record, subscription.cursor, event.seq, at);
    }
    await this.store.appendAttempt(record);
    if (outcome.kind === 'response' && outcome.status === 410) {
      await this.store.update(
        workspaceId,
        id,
        {
          enabled: false,
          disabledReason: `The receiver answered 410 Gone to event ${event.seq} at ${at}.`,
          lastError: record.error,
        },
        at,
      );
      return false;
    }
    const failingSince = subscription.failingSince ?? record.attemptedAt;
    if (nowMs - Date.parse(failingSince) >= this.options.retryWindowMs) {
      await this.store.update(
        workspaceId,
        id,
        {
          enabled: false,
          disabledReason: `Deliveries failed from ${failingSince} to ${at}; the last: ${record.error ?? 'failed'}.`,
          lastError: record.error,
          failingSince,
          attempts: subscription.attempts + 1,
        },
        at,
      );
      return false;
    }
    const retryAfterMs =
      outcome.kind === 'response' && outcome.retryAfterSeconds !== null
        ? outcome.retryAfterSeconds * 1000
        : null;
    const delay = retryDelayMs(subscription.attempts + 1, retryAfterMs);
    await this.store.fail(workspaceId, id, {
      cursor: subscription.cursor,
      state: {
        attempts: subscription.attempts + 1,
        failingSince,
        nextAttemptAt: new Date(nowMs + delay).toISOString(),
        lastError: record.error ?? 'failed',
      },
      at,
    });
    return false;
  }

  private nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** True when the event is about a record the subscription's entity types name (or it names none). */
function wants(subscription: EventSubscription, event: ChangeEvent): boolean {
  if (subscription.entityTypes.length === 0) {
    return true;
  }
  return [event.subjectType, event.subjectTypeBefore].some(
    (type) => type !== null && type !== undefined && subscription.entityTypes.includes(type),
  );
}
