import type {
  DeliveryAttempt,
  EventSubscription,
  SubscriptionSecrets,
} from '../domain/event-subscriptions';
import type { Page, PageRequest } from './paging';
import type { SealedSecretStore } from './sealed-secrets';

/** What a change to a subscription may set (the rest stays). */
export type SubscriptionChanges = Partial<
  Pick<
    EventSubscription,
    | 'url'
    | 'description'
    | 'eventTypes'
    | 'entityTypes'
    | 'scopes'
    | 'enabled'
    | 'disabledReason'
    | 'cursor'
    | 'failingSince'
    | 'attempts'
    | 'nextAttemptAt'
    | 'lastError'
  >
>;

/** Where a subscription's delivery stands after a failed attempt. */
export interface FailureState {
  attempts: number;
  failingSince: string;
  nextAttemptAt: string;
  lastError: string;
}

/** A failed attempt at the event after `cursor`: the state it leaves, recorded at `at`. */
export interface RecordedFailure {
  cursor: number;
  state: FailureState;
  at: string;
}

/**
 * A new signing secret for a subscription: the current one becomes the previous one, still
 * honoured until `previousExpiresAt`; `at` is the time of the change (`updatedAt`).
 */
export interface SecretRotation {
  secret: string;
  previousExpiresAt: string;
  at: string;
}

/**
 * Outbound webhook subscriptions and their delivery log, in the system store (the embedded
 * SQLite store, or Neo4j when configured). Signing secrets are sealed at rest, as connector
 * secrets are; this port takes and gives them in clear. Every method but `due` and
 * `trimAttempts` is confined to one workspace; a subscription of another workspace behaves
 * as a missing one.
 */
export interface EventSubscriptionStore extends SealedSecretStore {
  create(subscription: EventSubscription, secret: string): Promise<void>;
  get(workspaceId: string, id: string): Promise<EventSubscription | null>;
  /** Oldest first (`createdAt`, then `id`). */
  list(workspaceId: string, page: PageRequest): Promise<Page<EventSubscription>>;
  /** Sets `changes` and `updatedAt`; null when the subscription does not exist. */
  update(
    workspaceId: string,
    id: string,
    changes: SubscriptionChanges,
    at: string,
  ): Promise<EventSubscription | null>;
  /** Removes the subscription and its delivery log; false when it did not exist. */
  delete(workspaceId: string, id: string): Promise<boolean>;
  secrets(workspaceId: string, id: string): Promise<SubscriptionSecrets | null>;
  /** A new current secret (see `SecretRotation`); false when the subscription does not exist. */
  rotateSecret(workspaceId: string, id: string, rotation: SecretRotation): Promise<boolean>;
  /**
   * Enabled subscriptions with events to send at `now`, across workspaces: their cursor is
   * behind the head of their workspace's change log and no retry is pending. At most `limit`.
   */
  due(now: string, limit: number): Promise<EventSubscription[]>;
  /** Enabled subscriptions of a workspace whose cursor is behind `head` (a commit's signal). */
  behind(workspaceId: string, head: number, now: string): Promise<EventSubscription[]>;
  /**
   * Moves the cursor from `from` to `to` and clears the failure state, if the cursor is
   * still `from` (another instance, or a replay, did not move it meanwhile).
   */
  advance(workspaceId: string, id: string, from: number, to: number, at: string): Promise<boolean>;
  /** Records a failed attempt (see `RecordedFailure`), if the cursor is still there. */
  fail(workspaceId: string, id: string, failure: RecordedFailure): Promise<boolean>;
  appendAttempt(attempt: DeliveryAttempt): Promise<void>;
  /**
   * A successful delivery: appends `attempt` and moves the cursor from `from` to `to` (as
   * `advance`), in one write. Resolves with whether the cursor moved.
   */
  delivered(attempt: DeliveryAttempt, from: number, to: number, at: string): Promise<boolean>;
  /** A subscription's attempts, newest first, older than `before` (an attempt id) if given. */
  listAttempts(
    workspaceId: string,
    subscriptionId: string,
    limit: number,
    before?: string,
  ): Promise<DeliveryAttempt[]>;
  /** Removes up to `limit` attempts made before `before` (ISO time); resolves with how many. */
  trimAttempts(before: string, limit: number): Promise<number>;
}
