import { monotonicId } from '../../domain/ids';
import type {
  AttemptTrigger,
  DeliveryAttempt,
  EventSubscription,
  SubscriptionSecrets,
} from '../../domain/event-subscriptions';
import type { SendOutcome, HttpSender } from './http-sender';
import { standardWebhookHeaders } from './signature';

/** What is sent: the body's JSON, and the event's id, seq and type for the log. */
export interface Delivery {
  eventId: string;
  eventSeq: number | null;
  eventType: string;
  body: string;
}

/** An attempt made: its log record, and how the receiver answered. */
export interface AttemptResult {
  record: DeliveryAttempt;
  outcome: SendOutcome;
}

/** The secrets a delivery is signed with at `nowMs`: the current one, and the previous one while honoured. */
export function signingSecrets(secrets: SubscriptionSecrets, nowMs: number): string[] {
  const previousHonoured =
    secrets.previous !== null &&
    secrets.previousExpiresAt !== null &&
    Date.parse(secrets.previousExpiresAt) > nowMs;
  return previousHonoured ? [secrets.current, secrets.previous as string] : [secrets.current];
}

/**
 * POSTs one delivery to the subscription's URL, signed as Standard Webhooks (`webhook-id`
 * is the event's id, the same on every attempt, so receivers can drop repeats), and
 * returns the attempt as the delivery log keeps it. A 2xx answer is a success; anything
 * else, or no answer, a failure.
 */
export async function attemptDelivery(
  sender: HttpSender,
  subscription: EventSubscription,
  secrets: SubscriptionSecrets,
  delivery: Delivery,
  trigger: AttemptTrigger,
  attempt: number,
  nowMs: number,
): Promise<AttemptResult> {
  const headers = standardWebhookHeaders(
    signingSecrets(secrets, nowMs),
    delivery.eventId,
    Math.floor(nowMs / 1000),
    delivery.body,
  );
  const outcome = await sender.send(subscription.url, headers, delivery.body);
  const succeeded = outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300;
  const record: DeliveryAttempt = {
    id: monotonicId('att', nowMs),
    subscriptionId: subscription.id,
    workspaceId: subscription.workspaceId,
    eventId: delivery.eventId,
    eventSeq: delivery.eventSeq,
    eventType: delivery.eventType,
    trigger,
    attempt,
    attemptedAt: new Date(nowMs).toISOString(),
    outcome: succeeded ? 'succeeded' : 'failed',
    responseStatus: outcome.kind === 'response' ? outcome.status : null,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.kind === 'response' && outcome.excerpt !== '' ? outcome.excerpt : null,
    error: succeeded ? null : problemOf(outcome),
  };
  return { record, outcome };
}

/** What went wrong with an attempt, in a line. */
function problemOf(outcome: SendOutcome): string {
  if (outcome.kind === 'error') {
    return outcome.refused ? `refused: ${outcome.reason}` : outcome.reason;
  }
  return outcome.status >= 300 && outcome.status < 400
    ? `the receiver answered ${outcome.status} (redirects are not followed)`
    : `the receiver answered ${outcome.status}`;
}
