import type { DeliveryAttempt, EventSubscription } from '../../domain/event-subscriptions';

/** A webhook subscription as the API shows it (never its secrets). */
export interface SubscriptionView {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  entityTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  /** The cursor of the last event sent (or skipped by the filters). */
  cursor: string;
  /** While delivery fails: since when, how many attempts, the next one and the last problem. */
  failure: {
    since: string;
    attempts: number;
    nextAttemptAt: string | null;
    lastError: string | null;
  } | null;
  createdAt: string;
  updatedAt: string;
}

/** The public shape of a subscription. */
export function presentSubscription(subscription: EventSubscription): SubscriptionView {
  return {
    id: subscription.id,
    url: subscription.url,
    description: subscription.description,
    eventTypes: subscription.eventTypes,
    entityTypes: subscription.entityTypes,
    enabled: subscription.enabled,
    disabledReason: subscription.disabledReason,
    cursor: String(subscription.cursor),
    failure:
      subscription.failingSince === null
        ? null
        : {
            since: subscription.failingSince,
            attempts: subscription.attempts,
            nextAttemptAt: subscription.nextAttemptAt,
            lastError: subscription.lastError,
          },
    createdAt: subscription.createdAt,
    updatedAt: subscription.updatedAt,
  };
}

/** A delivery attempt as the delivery log shows it (openapi `DeliveryAttempt`). */
export type DeliveryAttemptView = Omit<DeliveryAttempt, 'subscriptionId' | 'workspaceId'>;

/** The public shape of a delivery attempt. */
export function presentAttempt(attempt: DeliveryAttempt): DeliveryAttemptView {
  return {
    id: attempt.id,
    eventId: attempt.eventId,
    eventSeq: attempt.eventSeq,
    eventType: attempt.eventType,
    trigger: attempt.trigger,
    attempt: attempt.attempt,
    attemptedAt: attempt.attemptedAt,
    outcome: attempt.outcome,
    responseStatus: attempt.responseStatus,
    durationMs: attempt.durationMs,
    responseExcerpt: attempt.responseExcerpt,
    error: attempt.error,
  };
}
