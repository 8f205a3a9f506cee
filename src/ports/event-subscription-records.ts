import { isChangeEventType, type ChangeEventType } from '../domain/change-events';
import type {
  AttemptTrigger,
  DeliveryAttempt,
  EventSubscription,
  SubscriptionSecrets,
} from '../domain/event-subscriptions';
import { scopesFromText, scopesToText } from '../domain/scopes';
import type { SecretBox } from '../secrets/secret-box';
import type { RecordFields } from './record-fields';
import { planReseal, type SecretRecordRef, type StoredSecrets } from './sealed-secrets';

/**
 * How every engine stores a subscription and an attempt: lists as space-separated text,
 * flags as booleans, everything else as it is. One mapper for both engines; each reads its
 * own columns or properties into these fields (`RecordFields`).
 */
export type StoredSubscription = Omit<
  EventSubscription,
  'eventTypes' | 'entityTypes' | 'scopes'
> & {
  eventTypes: string;
  entityTypes: string;
  scopes: string;
};

/** A list as stored: space-separated (event types and type names hold no spaces). */
function listText(values: readonly string[]): string {
  return values.join(' ');
}

function textList(text: string): string[] {
  return text === '' ? [] : text.split(' ');
}

export function toStoredSubscription(subscription: EventSubscription): StoredSubscription {
  return {
    ...subscription,
    eventTypes: listText(subscription.eventTypes),
    entityTypes: listText(subscription.entityTypes),
    scopes: scopesToText(subscription.scopes),
  };
}

/** The subscription stored as `stored`; throws on a type this version does not know. */
export function fromStoredSubscription(stored: StoredSubscription): EventSubscription {
  const eventTypes = textList(stored.eventTypes).map((type): ChangeEventType => {
    if (!isChangeEventType(type)) {
      throw new TypeError(`Stored subscription holds an unknown event type: ${type}`);
    }
    return type;
  });
  return {
    ...stored,
    eventTypes,
    entityTypes: textList(stored.entityTypes),
    scopes: stored.scopes === '' ? [] : scopesFromText(stored.scopes),
  };
}

/** The text stored for a list field of `changes` (the fields stored as text). */
export function storedChangeValue(field: string, value: unknown): unknown {
  if (field === 'eventTypes' || field === 'entityTypes') {
    return listText(value as string[]);
  }
  if (field === 'scopes') {
    return scopesToText(value as Parameters<typeof scopesToText>[0]);
  }
  return value;
}

const TRIGGERS: readonly AttemptTrigger[] = ['delivery', 'redelivery', 'ping'];

/** An attempt as read back, with its trigger and outcome checked. */
export function fromStoredAttempt(stored: DeliveryAttempt): DeliveryAttempt {
  if (!TRIGGERS.includes(stored.trigger)) {
    throw new TypeError(`Stored attempt has an unknown trigger: ${String(stored.trigger)}`);
  }
  return stored;
}

/** The subscription of a stored record (instants are stored as text on every engine). */
export function readSubscription(r: RecordFields): EventSubscription {
  return fromStoredSubscription({
    id: r.text('id'),
    workspaceId: r.text('workspaceId'),
    url: r.text('url'),
    description: r.optionalText('description'),
    eventTypes: r.text('eventTypes'),
    entityTypes: r.text('entityTypes'),
    scopes: r.text('scopes'),
    enabled: r.flag('enabled', false),
    disabledReason: r.optionalText('disabledReason'),
    cursor: r.number('cursor'),
    failingSince: r.optionalText('failingSince'),
    attempts: r.number('attempts'),
    nextAttemptAt: r.optionalText('nextAttemptAt'),
    lastError: r.optionalText('lastError'),
    createdAt: r.text('createdAt'),
    updatedAt: r.text('updatedAt'),
  });
}

/** The delivery attempt of a stored record. */
export function readAttempt(r: RecordFields): DeliveryAttempt {
  return fromStoredAttempt({
    id: r.text('id'),
    subscriptionId: r.text('subscriptionId'),
    workspaceId: r.text('workspaceId'),
    eventId: r.text('eventId'),
    eventSeq: r.optionalNumber('eventSeq'),
    eventType: r.text('eventType'),
    trigger: r.text('trigger') as AttemptTrigger,
    attempt: r.number('attempt'),
    attemptedAt: r.text('attemptedAt'),
    outcome: r.text('outcome') as DeliveryAttempt['outcome'],
    responseStatus: r.optionalNumber('responseStatus'),
    durationMs: r.number('durationMs'),
    responseExcerpt: r.optionalText('responseExcerpt'),
    error: r.optionalText('error'),
  });
}

/** Kind of record in secret contexts and reports. */
export const SUBSCRIPTION_RECORD_KIND = 'event-subscription';

/**
 * The context a subscription's secret is sealed in: bound to its record. The current and
 * previous secret share it, since a rotation moves the sealed value from one to the other.
 */
export function subscriptionSecretContext(workspaceId: string, id: string, field: string) {
  return [SUBSCRIPTION_RECORD_KIND, workspaceId, id, field] as const;
}

/** What a re-encryption chunk must write for subscriptions `candidates` (see `planReseal`). */
export function planSubscriptionReseal(
  box: SecretBox,
  candidates: readonly (SecretRecordRef & StoredSecrets)[],
): ReturnType<typeof planReseal> {
  return planReseal(box, candidates, SUBSCRIPTION_RECORD_KIND, (ref) =>
    subscriptionSecretContext(ref.workspaceId, ref.id, 'secret'),
  );
}

/** Seals a subscription's secret for storage. */
export function sealSubscriptionSecret(
  box: SecretBox,
  secret: string,
  workspaceId: string,
  id: string,
): string {
  return box.seal(secret, subscriptionSecretContext(workspaceId, id, 'secret'));
}

/**
 * The stored secrets of a subscription (`secret`, `previousSecret`,
 * `previousSecretExpiresAt`), opened; throws when a key to open them is missing.
 */
export function openSubscriptionSecrets(
  box: SecretBox,
  workspaceId: string,
  id: string,
  r: RecordFields,
): SubscriptionSecrets {
  const open = (value: string) => {
    const opened = box.open(value, subscriptionSecretContext(workspaceId, id, 'secret'));
    if (opened.status === 'unreadable') {
      throw new Error(`The secret of subscription ${id} cannot be decrypted (${opened.reason}).`);
    }
    return opened.value;
  };
  const previous = r.optionalText('previousSecret');
  return {
    current: open(r.text('secret')),
    previous: previous === null ? null : open(previous),
    previousExpiresAt: r.optionalText('previousSecretExpiresAt'),
  };
}
