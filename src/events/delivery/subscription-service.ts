import { randomBytes } from 'node:crypto';
import { EVENT_READ_SCOPES, type ChangeEventType } from '../../domain/change-events';
import type { DeliveryAttempt, EventSubscription } from '../../domain/event-subscriptions';
import type { Scope } from '../../domain/scopes';
import {
  ConflictError,
  InsufficientScopeError,
  NotFoundError,
  ValidationError,
} from '../../errors';
import { presentEvent } from '../event-view';
import type { ChangeLogStore } from '../../ports/change-log';
import type { Clock } from '../../ports/clock';
import type {
  EventSubscriptionStore,
  SubscriptionChanges,
} from '../../ports/event-subscription-store';
import type { Page, PageRequest } from '../../ports/paging';
import { newWebhookSecret } from '../../webhooks/secrets';
import { EventFeed, visibleTypes } from '../event-feed';
import { attemptDelivery } from './attempt';
import type { HttpSender } from './http-sender';

/** Subscriptions one workspace may hold at most. */
export const MAX_SUBSCRIPTIONS_PER_WORKSPACE = 100;

/** What a client may set on a subscription. */
export interface SubscriptionInput {
  url: string;
  description?: string | null;
  eventTypes?: ChangeEventType[];
  entityTypes?: string[];
  enabled?: boolean;
}

/** A subscription as created or rotated: with its secret, shown only then. */
export interface SubscriptionWithSecret {
  subscription: EventSubscription;
  secret: string;
}

export interface SubscriptionServiceOptions {
  /** How long the secret before a rotation is still signed with, by default. */
  secretGraceSeconds: number;
}

/**
 * Managing outbound webhook subscriptions (docs/events.md): create, read, change, delete,
 * rotate the secret, ping, redeliver one event, replay from a cursor, and the delivery log.
 * What is sent, and when, is the DeliveryDispatcher's.
 */
export class SubscriptionService {
  constructor(
    private readonly store: EventSubscriptionStore,
    private readonly log: ChangeLogStore,
    private readonly feed: EventFeed,
    private readonly sender: HttpSender,
    private readonly clock: Clock,
    private readonly options: SubscriptionServiceOptions,
  ) {}

  /**
   * Creates a subscription sent the events committed from now on (or after `after`, a
   * cursor the retention still holds). Its scopes are the creator's read scopes.
   */
  async create(
    workspaceId: string,
    scopes: readonly Scope[],
    input: SubscriptionInput,
    after: number | null,
  ): Promise<SubscriptionWithSecret> {
    this.checkUrl(input.url);
    const eventTypes = this.checkTypes(scopes, input.eventTypes ?? []);
    const { total } = await this.store.list(workspaceId, { limit: 0, offset: 0 });
    if (total >= MAX_SUBSCRIPTIONS_PER_WORKSPACE) {
      throw new ConflictError(
        `A workspace holds at most ${MAX_SUBSCRIPTIONS_PER_WORKSPACE} webhook subscriptions.`,
        { limit: MAX_SUBSCRIPTIONS_PER_WORKSPACE },
      );
    }
    const cursor =
      after === null
        ? await this.feed.head(workspaceId)
        : await this.feed.start(workspaceId, after);
    const now = this.now();
    const enabled = input.enabled ?? true;
    const subscription: EventSubscription = {
      id: `sub_${randomBytes(15).toString('base64url')}`,
      workspaceId,
      url: input.url,
      description: input.description ?? null,
      eventTypes,
      entityTypes: [...new Set(input.entityTypes ?? [])],
      scopes: readScopes(scopes),
      enabled,
      disabledReason: enabled ? null : 'Created disabled.',
      cursor,
      failingSince: null,
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    };
    const secret = newWebhookSecret();
    await this.store.create(subscription, secret);
    return { subscription, secret };
  }

  async get(workspaceId: string, id: string): Promise<EventSubscription> {
    const subscription = await this.store.get(workspaceId, id);
    if (!subscription) {
      throw new NotFoundError(`Webhook subscription ${id} not found.`, { id });
    }
    return subscription;
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<EventSubscription>> {
    return this.store.list(workspaceId, page);
  }

  /**
   * Changes what is given. Enabling clears the failure state, so delivery resumes at once
   * from where it stopped; disabling keeps the cursor, so nothing is skipped when it is
   * enabled again. New filters or URL: the changer's read scopes become the subscription's.
   */
  async update(
    workspaceId: string,
    id: string,
    scopes: readonly Scope[],
    input: Partial<SubscriptionInput>,
  ): Promise<EventSubscription> {
    const current = await this.get(workspaceId, id);
    const changes: SubscriptionChanges = {};
    if (input.url !== undefined) {
      this.checkUrl(input.url);
      changes.url = input.url;
    }
    if (input.description !== undefined) {
      changes.description = input.description;
    }
    if (input.eventTypes !== undefined) {
      changes.eventTypes = this.checkTypes(scopes, input.eventTypes);
    }
    if (input.entityTypes !== undefined) {
      changes.entityTypes = [...new Set(input.entityTypes)];
    }
    if (Object.keys(changes).length > 0) {
      changes.scopes = readScopes(scopes);
    }
    if (input.enabled === true && !current.enabled) {
      Object.assign(changes, {
        enabled: true,
        disabledReason: null,
        failingSince: null,
        attempts: 0,
        nextAttemptAt: null,
      });
    } else if (input.enabled === false && current.enabled) {
      Object.assign(changes, { enabled: false, disabledReason: 'Disabled by a user.' });
    }
    if (Object.keys(changes).length === 0) {
      return current;
    }
    const updated = await this.store.update(workspaceId, id, changes, this.now());
    if (!updated) {
      throw new NotFoundError(`Webhook subscription ${id} not found.`, { id });
    }
    return updated;
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    if (!(await this.store.delete(workspaceId, id))) {
      throw new NotFoundError(`Webhook subscription ${id} not found.`, { id });
    }
  }

  /**
   * A new secret. Deliveries are signed with both (two `v1,` signatures) for
   * `graceSeconds` (the default unless given; 0 ends the old one at once).
   */
  async rotateSecret(
    workspaceId: string,
    id: string,
    graceSeconds?: number,
  ): Promise<SubscriptionWithSecret> {
    const secret = newWebhookSecret();
    const nowMs = this.clock.now();
    const grace = graceSeconds ?? this.options.secretGraceSeconds;
    const rotated = await this.store.rotateSecret(workspaceId, id, {
      secret,
      previousExpiresAt: new Date(nowMs + grace * 1000).toISOString(),
      at: new Date(nowMs).toISOString(),
    });
    if (!rotated) {
      throw new NotFoundError(`Webhook subscription ${id} not found.`, { id });
    }
    return { subscription: await this.get(workspaceId, id), secret };
  }

  /** Sends a `ping` event now, whatever the subscription's state, and returns the attempt. */
  async ping(workspaceId: string, id: string): Promise<DeliveryAttempt> {
    const subscription = await this.get(workspaceId, id);
    const nowMs = this.clock.now();
    const eventId = `evt_ping_${randomBytes(12).toString('base64url')}`;
    const body = JSON.stringify({
      id: eventId,
      type: 'ping',
      occurredAt: new Date(nowMs).toISOString(),
      workspaceId,
      subscription: { id: subscription.id, url: subscription.url },
    });
    return this.once(
      subscription,
      { eventId, eventSeq: null, eventType: 'ping', body },
      'ping',
      nowMs,
    );
  }

  /**
   * Sends the event `seq` again now (an event the subscription may be sent, still in the
   * log), outside its order, and returns the attempt.
   */
  async redeliver(workspaceId: string, id: string, seq: number): Promise<DeliveryAttempt> {
    const subscription = await this.get(workspaceId, id);
    const bounds = await this.log.bounds(workspaceId);
    if (seq <= bounds.horizon || seq > bounds.head) {
      throw new NotFoundError(
        `Event ${seq} is not in the log (it holds ${bounds.horizon + 1}..${bounds.head}).`,
        {
          seq,
        },
      );
    }
    const page = await this.log.read(workspaceId, {
      after: seq - 1,
      filter: {},
      limit: 1,
      scanLimit: 1,
    });
    const event = page.events[0];
    if (!event || event.seq !== seq) {
      throw new NotFoundError(`Event ${seq} is not in the log.`, { seq });
    }
    const needed = EVENT_READ_SCOPES[event.type];
    if (!subscription.scopes.includes(needed)) {
      throw new InsufficientScopeError(needed);
    }
    return this.once(
      subscription,
      {
        eventId: event.id,
        eventSeq: event.seq,
        eventType: event.type,
        body: JSON.stringify(presentEvent(event)),
      },
      'redelivery',
      this.clock.now(),
    );
  }

  /**
   * Sends the subscription every event after `after` again, in order, then goes on with new
   * ones: its cursor moves back to `after` (which the retention must still hold, and which
   * may not be ahead of the cursor: that would skip events).
   */
  async replay(workspaceId: string, id: string, after: number): Promise<EventSubscription> {
    const subscription = await this.get(workspaceId, id);
    await this.feed.start(workspaceId, after);
    if (after > subscription.cursor) {
      throw new ValidationError(
        `Cursor ${after} is ahead of the subscription (${subscription.cursor}); a replay goes back, never forward.`,
        [{ path: 'body.after', message: 'must not be ahead of the subscription cursor' }],
      );
    }
    const updated = await this.store.update(
      workspaceId,
      id,
      { cursor: after, failingSince: null, attempts: 0, nextAttemptAt: null, lastError: null },
      this.now(),
    );
    if (!updated) {
      throw new NotFoundError(`Webhook subscription ${id} not found.`, { id });
    }
    return updated;
  }

  async attempts(
    workspaceId: string,
    id: string,
    limit: number,
    before?: string,
  ): Promise<DeliveryAttempt[]> {
    await this.get(workspaceId, id);
    return this.store.listAttempts(workspaceId, id, limit, before);
  }

  private async once(
    subscription: EventSubscription,
    delivery: Parameters<typeof attemptDelivery>[3],
    trigger: 'ping' | 'redelivery',
    nowMs: number,
  ): Promise<DeliveryAttempt> {
    const secrets = await this.store.secrets(subscription.workspaceId, subscription.id);
    if (!secrets) {
      throw new NotFoundError(`Webhook subscription ${subscription.id} not found.`);
    }
    const { record } = await attemptDelivery(
      this.sender,
      subscription,
      secrets,
      delivery,
      trigger,
      1,
      nowMs,
    );
    await this.store.appendAttempt(record);
    return record;
  }

  /** 400 for a URL a subscription may not name (not http(s), credentials, refused address). */
  private checkUrl(url: string): void {
    const problem = this.sender.checkUrl(url);
    if (problem !== null) {
      throw new ValidationError(`url ${problem}.`, [{ path: 'body.url', message: problem }]);
    }
  }

  /** The asked event types; 403 for one the scopes may not read. */
  private checkTypes(
    scopes: readonly Scope[],
    types: readonly ChangeEventType[],
  ): ChangeEventType[] {
    const visible = visibleTypes(scopes);
    for (const type of types) {
      if (!visible.includes(type)) {
        throw new InsufficientScopeError(EVENT_READ_SCOPES[type]);
      }
    }
    return [...new Set(types)];
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** The scopes of `scopes` that read events (what a subscription is sent is bounded by them). */
function readScopes(scopes: readonly Scope[]): Scope[] {
  const reading = new Set<Scope>(Object.values(EVENT_READ_SCOPES));
  return scopes.filter((scope) => reading.has(scope));
}
