import { randomUUID } from 'node:crypto';
import type { DeliveryAttempt, EventSubscription } from '../../../src/domain/event-subscriptions';
import { monotonicId } from '../../../src/domain/ids';
import type { ChangeLogStore } from '../../../src/ports/change-log';
import type { EventSubscriptionStore } from '../../../src/ports/event-subscription-store';
import type { GraphStore } from '../../../src/ports/graph-store';
import { newWebhookSecret } from '../../../src/webhooks/secrets';
import type { SecretBox } from '../../../src/secrets/secret-box';
import { boxOf, KEY_A, KEY_B } from '../../support/secrets';

/** The stores under test, on one engine, and how to remove what a run wrote. */
export interface SubscriptionStores {
  subscriptions: EventSubscriptionStore;
  /** A store on the same database sealing with `box` (key rotation). */
  storeWith(box: SecretBox): EventSubscriptionStore;
  /** For events in the log (a subscription is due when its workspace's log is ahead). */
  graph: GraphStore;
  changeLog: ChangeLogStore;
  cleanup(workspaceIds: readonly string[]): Promise<void>;
}

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();

function subscription(
  workspaceId: string,
  overrides: Partial<EventSubscription> = {},
): EventSubscription {
  return {
    id: `sub_${randomUUID().slice(0, 20)}`,
    workspaceId,
    url: 'https://hooks.example.com/x',
    description: null,
    eventTypes: ['node.created', 'edge.deleted'],
    entityTypes: ['Pump'],
    scopes: ['read:nodes', 'read:edges'],
    enabled: true,
    disabledReason: null,
    cursor: 0,
    failingSince: null,
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

function attempt(
  sub: EventSubscription,
  seconds: number,
  overrides: Partial<DeliveryAttempt> = {},
): DeliveryAttempt {
  return {
    id: monotonicId('att', Date.parse(at(seconds))),
    subscriptionId: sub.id,
    workspaceId: sub.workspaceId,
    eventId: `evt_${randomUUID()}`,
    eventSeq: 1,
    eventType: 'node.created',
    trigger: 'delivery',
    attempt: 1,
    attemptedAt: at(seconds),
    outcome: 'failed',
    responseStatus: 503,
    durationMs: 12,
    responseExcerpt: 'busy',
    error: 'the receiver answered 503',
    ...overrides,
  };
}

/**
 * The behaviour every EventSubscriptionStore adapter must show: records and secrets kept
 * as given (secrets sealed at rest, opened again), the cursor moved only from where the
 * caller found it, due subscriptions found across workspaces, and the delivery log newest
 * first. Every test works in fresh random workspaces.
 */
export function eventSubscriptionStoreContract(
  name: string,
  factory: () => Promise<SubscriptionStores>,
): void {
  describe(`EventSubscriptionStore contract: ${name}`, () => {
    let stores: SubscriptionStores;
    const used: string[] = [];
    const workspace = () => {
      const id = randomUUID();
      used.push(id);
      return id;
    };
    /** Appends `count` events to the workspace's log (so its head is ahead). */
    const commit = (ws: string, count: number) =>
      stores.graph.transaction(ws, (uow) =>
        uow.changes.append(
          Array.from({ length: count }, () => ({
            id: `evt_${randomUUID()}`,
            type: 'node.created' as const,
            occurredAt: at(0),
            actor: { kind: 'system' as const, id: null },
            cause: {},
            subjectType: 'Pump',
            subjectId: randomUUID(),
            data: { before: null, after: {} },
          })),
        ),
      );

    beforeAll(async () => {
      stores = await factory();
    });
    afterAll(async () => {
      await stores.cleanup(used);
    });

    it('keeps a subscription as given, its secret sealed and opened again, in its workspace only', async () => {
      const ws = workspace();
      const sub = subscription(ws, { description: 'ü "mirror" 🚀' });
      const secret = newWebhookSecret();
      await stores.subscriptions.create(sub, secret);
      expect(await stores.subscriptions.get(ws, sub.id)).toEqual(sub);
      expect(await stores.subscriptions.secrets(ws, sub.id)).toEqual({
        current: secret,
        previous: null,
        previousExpiresAt: null,
      });
      expect(await stores.subscriptions.get(workspace(), sub.id)).toBeNull();
      expect(await stores.subscriptions.secrets(workspace(), sub.id)).toBeNull();
      const page = await stores.subscriptions.list(ws, { limit: 10, offset: 0 });
      expect(page).toEqual({ items: [sub], total: 1 });
    });

    it('changes only what is given, rotates the secret, and deletes with the delivery log', async () => {
      const ws = workspace();
      const sub = subscription(ws);
      const first = newWebhookSecret();
      await stores.subscriptions.create(sub, first);
      const updated = await stores.subscriptions.update(
        ws,
        sub.id,
        { url: 'https://other.example.com/', eventTypes: [], enabled: false, disabledReason: 'x' },
        at(5),
      );
      expect(updated).toEqual({
        ...sub,
        url: 'https://other.example.com/',
        eventTypes: [],
        enabled: false,
        disabledReason: 'x',
        updatedAt: at(5),
      });
      expect(
        await stores.subscriptions.update(ws, 'sub_missing', { enabled: true }, at(6)),
      ).toBeNull();
      const second = newWebhookSecret();
      expect(
        await stores.subscriptions.rotateSecret(ws, sub.id, {
          secret: second,
          previousExpiresAt: at(100),
          at: at(7),
        }),
      ).toBe(true);
      expect(await stores.subscriptions.secrets(ws, sub.id)).toEqual({
        current: second,
        previous: first,
        previousExpiresAt: at(100),
      });
      await stores.subscriptions.appendAttempt(attempt(sub, 8));
      expect(await stores.subscriptions.delete(ws, sub.id)).toBe(true);
      expect(await stores.subscriptions.delete(ws, sub.id)).toBe(false);
      expect(await stores.subscriptions.listAttempts(ws, sub.id, 10)).toEqual([]);
    });

    it('moves the cursor only from where the caller found it, and records failures there', async () => {
      const ws = workspace();
      const sub = subscription(ws);
      await stores.subscriptions.create(sub, newWebhookSecret());
      const failure = {
        attempts: 2,
        failingSince: at(1),
        nextAttemptAt: at(60),
        lastError: 'boom',
      };
      expect(
        await stores.subscriptions.fail(ws, sub.id, { cursor: 0, state: failure, at: at(2) }),
      ).toBe(true);
      expect(await stores.subscriptions.get(ws, sub.id)).toMatchObject({ ...failure, cursor: 0 });
      expect(await stores.subscriptions.advance(ws, sub.id, 3, 5, at(3))).toBe(false);
      expect(await stores.subscriptions.advance(ws, sub.id, 0, 5, at(3))).toBe(true);
      expect(await stores.subscriptions.get(ws, sub.id)).toMatchObject({
        cursor: 5,
        attempts: 0,
        failingSince: null,
        nextAttemptAt: null,
        lastError: null,
      });
      expect(
        await stores.subscriptions.fail(ws, sub.id, { cursor: 0, state: failure, at: at(4) }),
      ).toBe(false);
      // A delivery's attempt and cursor move are one write; from a stale cursor, only the log.
      const ok = attempt(sub, 6, { outcome: 'succeeded', responseStatus: 200, error: null });
      expect(await stores.subscriptions.delivered(ok, 5, 6, at(6))).toBe(true);
      const late = attempt(sub, 7, { outcome: 'succeeded', responseStatus: 200, error: null });
      expect(await stores.subscriptions.delivered(late, 5, 7, at(7))).toBe(false);
      expect((await stores.subscriptions.get(ws, sub.id))?.cursor).toBe(6);
      expect((await stores.subscriptions.listAttempts(ws, sub.id, 10)).map((a) => a.id)).toEqual([
        late.id,
        ok.id,
      ]);
      // Of concurrent advances from one cursor, exactly one wins.
      const wins = await Promise.all(
        [7, 8, 9, 10].map((to) => stores.subscriptions.advance(ws, sub.id, 6, to, at(8))),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    });

    it('finds the enabled subscriptions behind their log, whose retry is due, across workspaces', async () => {
      const ws = workspace();
      const behind = subscription(ws);
      const caughtUp = subscription(ws, { cursor: 2 });
      const disabled = subscription(ws, { enabled: false });
      const waiting = subscription(ws, { nextAttemptAt: at(1000) });
      for (const sub of [behind, caughtUp, disabled, waiting]) {
        await stores.subscriptions.create(sub, newWebhookSecret());
      }
      await commit(ws, 2);
      const due = await stores.subscriptions.due(at(10), 1000);
      const mine = due.filter((s) => s.workspaceId === ws).map((s) => s.id);
      expect(mine).toEqual([behind.id]);
      const later = (await stores.subscriptions.due(at(2000), 1000)).filter(
        (s) => s.workspaceId === ws,
      );
      expect(later.map((s) => s.id).sort()).toEqual([behind.id, waiting.id].sort());
      const signalled = await stores.subscriptions.behind(ws, 2, at(10));
      expect(signalled.map((s) => s.id)).toEqual([behind.id]);
    });

    it('keeps the delivery log newest first, pages it, and trims it by age', async () => {
      const ws = workspace();
      const sub = subscription(ws);
      await stores.subscriptions.create(sub, newWebhookSecret());
      const attempts = [1, 2, 3, 4].map((s) => attempt(sub, s, { attempt: s }));
      attempts[3] = {
        ...attempts[3]!,
        outcome: 'succeeded',
        responseStatus: 200,
        responseExcerpt: null,
        error: null,
        eventSeq: null,
        trigger: 'ping',
      };
      for (const a of attempts) {
        await stores.subscriptions.appendAttempt(a);
      }
      const page = await stores.subscriptions.listAttempts(ws, sub.id, 3);
      expect(page).toEqual([attempts[3], attempts[2], attempts[1]]);
      expect(await stores.subscriptions.listAttempts(ws, sub.id, 3, page[2]!.id)).toEqual([
        attempts[0],
      ]);
      expect(await stores.subscriptions.listAttempts(workspace(), sub.id, 3)).toEqual([]);
      let removed = 0;
      for (let i = 0; i < 100; i += 1) {
        const n = await stores.subscriptions.trimAttempts(at(3), 1);
        removed += n;
        if (n === 0) {
          break;
        }
      }
      expect(removed).toBeGreaterThanOrEqual(2);
      expect(
        (await stores.subscriptions.listAttempts(ws, sub.id, 10)).map((a) => a.attempt),
      ).toEqual([4, 3]);
    });

    it('re-encrypts its secrets under a new key, so the old key can go', async () => {
      const ws = workspace();
      const sub = subscription(ws);
      const oldStore = stores.storeWith(boxOf(KEY_A));
      const [first, second] = [newWebhookSecret(), newWebhookSecret()];
      await oldStore.create(sub, first);
      await oldStore.rotateSecret(ws, sub.id, {
        secret: second,
        previousExpiresAt: at(100),
        at: at(1),
      });
      const rotating = stores.storeWith(boxOf(KEY_B, KEY_A));
      let after = null;
      for (let i = 0; i < 1000; i += 1) {
        const chunk = await rotating.resealSecrets(after, 50);
        expect(chunk.unreadable.filter((u) => u.workspaceId === ws)).toEqual([]);
        after = chunk.next;
        if (after === null) {
          break;
        }
      }
      const newOnly = stores.storeWith(boxOf(KEY_B));
      expect(await newOnly.secrets(ws, sub.id)).toEqual({
        current: second,
        previous: first,
        previousExpiresAt: at(100),
      });
      await expect(oldStore.secrets(ws, sub.id)).rejects.toThrow(/cannot be decrypted/);
    });
  });
}
