import type {
  DeliveryAttempt,
  EventSubscription,
  SubscriptionSecrets,
} from '../../domain/event-subscriptions';
import type {
  EventSubscriptionStore,
  RecordedFailure,
  SecretRotation,
  SubscriptionChanges,
} from '../../ports/event-subscription-store';
import {
  openSubscriptionSecrets,
  planSubscriptionReseal,
  readAttempt,
  readSubscription,
  sealSubscriptionSecret,
  storedChangeValue,
  toStoredSubscription,
} from '../../ports/event-subscription-records';
import type { Page, PageRequest } from '../../ports/paging';
import { resealChunk, type ResealChunk, type SecretRecordRef } from '../../ports/sealed-secrets';
import type { SecretBox } from '../../secrets/secret-box';
import type { Neo4jClient } from './client';
import { nodeFields } from './record-fields';
import { nodeResealIo } from './reseal-chunk';
import { SUBSCRIPTION_RESEAL } from './statements/reseal';
import { countField, field, mapField, readPage, runAll, runOne } from './statement';
import {
  ATTEMPT_CREATE,
  ATTEMPT_LIST,
  ATTEMPT_TRIM,
  SUBSCRIPTION_ADVANCE,
  SUBSCRIPTION_COUNT,
  SUBSCRIPTION_CREATE,
  SUBSCRIPTION_DELETE,
  SUBSCRIPTION_DELETE_ATTEMPTS,
  SUBSCRIPTION_FAIL,
  SUBSCRIPTION_GET,
  SUBSCRIPTION_LIST,
  SUBSCRIPTION_ROTATE,
  SUBSCRIPTION_SECRETS,
  SUBSCRIPTION_UPDATE,
  SUBSCRIPTIONS_BEHIND,
  SUBSCRIPTIONS_DUE,
} from './statements/event-subscriptions';
import { toInt, toNumber } from './values';

/** Properties whose values are whole numbers, sent as Neo4j INTEGERs. */
const INTEGER_FIELDS = new Set([
  'cursor',
  'attempts',
  'eventSeq',
  'attempt',
  'responseStatus',
  'durationMs',
]);

/** A map of properties with its numbers as INTEGERs (null and text as they are). */
function withIntegers(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      INTEGER_FIELDS.has(key) && typeof value === 'number' ? toInt(value) : value,
    ]),
  );
}

function toSubscription(stored: Record<string, unknown>): EventSubscription {
  return readSubscription(nodeFields(stored));
}

/** Outbound webhook subscriptions and their delivery log in Neo4j. */
export class Neo4jEventSubscriptionStore implements EventSubscriptionStore {
  constructor(
    private readonly client: Neo4jClient,
    private readonly box: SecretBox,
  ) {}

  /** One chunk of the re-encryption pass over `_EventSubscription` nodes. */
  resealSecrets(after: SecretRecordRef | null, limit: number): Promise<ResealChunk> {
    return resealChunk(
      this.box,
      planSubscriptionReseal,
      nodeResealIo(this.client, SUBSCRIPTION_RESEAL),
      after,
      limit,
    );
  }

  async create(subscription: EventSubscription, secret: string): Promise<void> {
    const stored = {
      ...withIntegers({ ...toStoredSubscription(subscription) }),
      secret: sealSubscriptionSecret(this.box, secret, subscription.workspaceId, subscription.id),
    };
    await this.client.write((tx) => runAll(tx, SUBSCRIPTION_CREATE, { subscription: stored }));
  }

  get(workspaceId: string, id: string): Promise<EventSubscription | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, SUBSCRIPTION_GET, { workspaceId, id });
      return record ? toSubscription(mapField(record, 'subscription')) : null;
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<EventSubscription>> {
    return this.client.read((tx) =>
      readPage(
        tx,
        { count: SUBSCRIPTION_COUNT, list: SUBSCRIPTION_LIST },
        { workspaceId },
        page,
        (r) => toSubscription(mapField(r, 'subscription')),
      ),
    );
  }

  update(
    workspaceId: string,
    id: string,
    changes: SubscriptionChanges,
    at: string,
  ): Promise<EventSubscription | null> {
    const stored = withIntegers(
      Object.fromEntries(
        Object.entries(changes).map(([key, value]) => [key, storedChangeValue(key, value)]),
      ),
    );
    return this.client.write(async (tx) => {
      const record = await runOne(tx, SUBSCRIPTION_UPDATE, {
        workspaceId,
        id,
        changes: stored,
        at,
      });
      return record ? toSubscription(mapField(record, 'subscription')) : null;
    });
  }

  delete(workspaceId: string, id: string): Promise<boolean> {
    return this.client.write(async (tx) => {
      await runAll(tx, SUBSCRIPTION_DELETE_ATTEMPTS, { workspaceId, id });
      const record = await runOne(tx, SUBSCRIPTION_DELETE, { workspaceId, id });
      return record !== null && toNumber(field(record, 'deleted')) === 1;
    });
  }

  secrets(workspaceId: string, id: string): Promise<SubscriptionSecrets | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, SUBSCRIPTION_SECRETS, { workspaceId, id });
      if (!record) {
        return null;
      }
      return openSubscriptionSecrets(this.box, workspaceId, id, nodeFields(record.toObject()));
    });
  }

  rotateSecret(
    workspaceId: string,
    id: string,
    { secret, previousExpiresAt, at }: SecretRotation,
  ): Promise<boolean> {
    const sealed = sealSubscriptionSecret(this.box, secret, workspaceId, id);
    return this.client.write(async (tx) => {
      const record = await runOne(tx, SUBSCRIPTION_ROTATE, {
        workspaceId,
        id,
        secret: sealed,
        previousExpiresAt,
        at,
      });
      return record !== null && toNumber(field(record, 'rotated')) === 1;
    });
  }

  due(now: string, limit: number): Promise<EventSubscription[]> {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, SUBSCRIPTIONS_DUE, { now, limit: toInt(limit) });
      return records.map((r) => toSubscription(mapField(r, 'subscription')));
    });
  }

  behind(workspaceId: string, head: number, now: string): Promise<EventSubscription[]> {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, SUBSCRIPTIONS_BEHIND, {
        workspaceId,
        head: toInt(head),
        now,
      });
      return records.map((r) => toSubscription(mapField(r, 'subscription')));
    });
  }

  advance(workspaceId: string, id: string, from: number, to: number, at: string): Promise<boolean> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, SUBSCRIPTION_ADVANCE, {
        workspaceId,
        id,
        from: toInt(from),
        to: toInt(to),
        at,
      });
      return record !== null && toNumber(field(record, 'updated')) === 1;
    });
  }

  fail(workspaceId: string, id: string, { cursor, state, at }: RecordedFailure): Promise<boolean> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, SUBSCRIPTION_FAIL, {
        workspaceId,
        id,
        cursor: toInt(cursor),
        attempts: toInt(state.attempts),
        failingSince: state.failingSince,
        nextAttemptAt: state.nextAttemptAt,
        lastError: state.lastError,
        at,
      });
      return record !== null && toNumber(field(record, 'updated')) === 1;
    });
  }

  async appendAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.client.write((tx) =>
      runAll(tx, ATTEMPT_CREATE, { attempt: withIntegers({ ...attempt }) }),
    );
  }

  delivered(attempt: DeliveryAttempt, from: number, to: number, at: string): Promise<boolean> {
    return this.client.write(async (tx) => {
      await runAll(tx, ATTEMPT_CREATE, { attempt: withIntegers({ ...attempt }) });
      const record = await runOne(tx, SUBSCRIPTION_ADVANCE, {
        workspaceId: attempt.workspaceId,
        id: attempt.subscriptionId,
        from: toInt(from),
        to: toInt(to),
        at,
      });
      return record !== null && toNumber(field(record, 'updated')) === 1;
    });
  }

  listAttempts(
    workspaceId: string,
    subscriptionId: string,
    limit: number,
    before?: string,
  ): Promise<DeliveryAttempt[]> {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, ATTEMPT_LIST, {
        workspaceId,
        subscriptionId,
        before: before ?? 'att_~',
        limit: toInt(limit),
      });
      return records.map((r) => readAttempt(nodeFields(mapField(r, 'attempt'))));
    });
  }

  trimAttempts(before: string, limit: number): Promise<number> {
    return this.client.write(async (tx) => {
      const record = await runOne(tx, ATTEMPT_TRIM, { before, limit: toInt(limit) });
      return countField(record, 'removed');
    });
  }
}
