import type { ChangeEventType } from './change-events';
import type { Scope } from './scopes';

/**
 * An outbound webhook subscription (docs/events.md, "Webhook subscriptions"): the change
 * events of one workspace, those of `eventTypes` about records of `entityTypes` (all when
 * empty), POSTed in seq order to `url`, signed as Standard Webhooks with the subscription's
 * own secret.
 */
export interface EventSubscription {
  /** `sub_` + 20 URL-safe characters. */
  id: string;
  workspaceId: string;
  url: string;
  description: string | null;
  eventTypes: ChangeEventType[];
  entityTypes: string[];
  /**
   * The read scopes of whoever created or last changed it: it is sent only events those
   * scopes may read, as a reader of the feed would be.
   */
  scopes: Scope[];
  enabled: boolean;
  /** Why it was disabled (by a user, after failing too long, by a 410 answer); else null. */
  disabledReason: string | null;
  /** The seq of the last event it was sent (or skipped by its filters): it continues after. */
  cursor: number;
  /** When delivery of the event after `cursor` first failed; null while all is well. */
  failingSince: string | null;
  /** Attempts made at the event after `cursor` (0 before the first). */
  attempts: number;
  /** When the next attempt is due; null when it is due now. */
  nextAttemptAt: string | null;
  /** The last attempt's problem, shown while failing. */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A subscription with its signing secrets (opened), for the sender only. */
export interface SubscriptionSecrets {
  current: string;
  /** The secret before the last rotation, honoured (signed with too) until it expires. */
  previous: string | null;
  previousExpiresAt: string | null;
}

/** Why an attempt was made. */
export type AttemptTrigger = 'delivery' | 'redelivery' | 'ping';

/** One delivery attempt, as the delivery log keeps it. */
export interface DeliveryAttempt {
  /** `att_` + a time-ordered id: the log lists newest first by it. */
  id: string;
  subscriptionId: string;
  workspaceId: string;
  /** The event sent (`ping` attempts: the ping's own id). */
  eventId: string;
  /** The event's seq; null for a ping. */
  eventSeq: number | null;
  eventType: string;
  trigger: AttemptTrigger;
  /** 1 for the first attempt at this event, then 2, 3... */
  attempt: number;
  attemptedAt: string;
  outcome: 'succeeded' | 'failed';
  /** The receiver's HTTP status; null when none came (refused address, time-out...). */
  responseStatus: number | null;
  durationMs: number;
  /** The start of the receiver's answer (1 KB at most), or null. */
  responseExcerpt: string | null;
  /** What went wrong, when it failed. */
  error: string | null;
}
