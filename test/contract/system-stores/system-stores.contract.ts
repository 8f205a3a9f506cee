import { randomUUID } from 'node:crypto';
import type { ApiKeyStore, NewApiKey } from '../../../src/ports/api-key-store';
import type { NewWorkspace, WorkspaceStore } from '../../../src/ports/workspace-store';

/** The stores under test and how to remove the workspaces a run created. */
export interface SystemStores {
  workspaces: WorkspaceStore;
  apiKeys: ApiKeyStore;
  /** Removes these workspaces and their keys (a shared server keeps everything else). */
  cleanup(workspaceIds: readonly string[]): Promise<void>;
}

/**
 * Whether `promise` rejects. Not `rejects.toThrow()`: better-sqlite3's native addon keeps
 * the SqliteError class of the first jest context that loaded it, so in a reused worker its
 * errors are not `instanceof Error` of this context and toThrow would say nothing was thrown.
 */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    () => 'rejected',
  );

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString();

/**
 * The behaviour every WorkspaceStore and ApiKeyStore adapter must show. Like the graph
 * contract, it never assumes an empty store: every test makes workspaces with random ids
 * and only looks at those (counts are compared before and after).
 */
export function systemStoresContract(name: string, factory: () => Promise<SystemStores>): void {
  describe(`WorkspaceStore and ApiKeyStore contract: ${name}`, () => {
    let stores: SystemStores;
    const created: string[] = [];

    beforeAll(async () => {
      stores = await factory();
    });
    afterAll(async () => {
      await stores?.cleanup(created);
    });

    async function workspace(overrides: Partial<NewWorkspace> = {}): Promise<NewWorkspace> {
      const w: NewWorkspace = {
        id: randomUUID(),
        name: 'Acme',
        plan: 'starter',
        limits: null,
        createdAt: at(0),
        ...overrides,
      };
      created.push(w.id);
      await stores.workspaces.create(w);
      return w;
    }

    function key(workspaceId: string, overrides: Partial<NewApiKey> = {}): NewApiKey {
      return {
        id: `key_${randomUUID()}`,
        workspaceId,
        name: 'ci',
        prefix: 'wos_abcd',
        secretHash: randomUUID().replace(/-/g, '').repeat(2),
        scopes: ['read:nodes', 'write:nodes'],
        createdAt: at(0),
        expiresAt: null,
        createdBy: null,
        ...overrides,
      };
    }

    describe('workspaces', () => {
      it('stores a workspace as given and finds it by id', async () => {
        const plain = await workspace({ name: 'Plain ü', createdAt: '2026-03-04T05:06:07.089Z' });
        const own = await workspace({ plan: 'enterprise', limits: { perMinute: 5, perDay: 50 } });
        expect(await stores.workspaces.get(plain.id)).toEqual(plain);
        expect(await stores.workspaces.get(own.id)).toEqual(own);
        expect(await stores.workspaces.get(randomUUID())).toBeNull();
      });

      it('refuses a second workspace with the same id, keeping the first', async () => {
        const first = await workspace({ name: 'first' });
        expect(await outcome(stores.workspaces.create({ ...first, name: 'second' }))).toBe(
          'rejected',
        );
        expect((await stores.workspaces.get(first.id))?.name).toBe('first');
      });

      it('updates what is given: name, plan, and limits (null clears them)', async () => {
        const w = await workspace({ plan: 'enterprise', limits: { perMinute: 1, perDay: 2 } });
        expect(await stores.workspaces.update(w.id, { name: 'renamed' })).toEqual({
          ...w,
          name: 'renamed',
        });
        expect(await stores.workspaces.update(w.id, { plan: 'pro', limits: null })).toEqual({
          ...w,
          name: 'renamed',
          plan: 'pro',
          limits: null,
        });
        const limits = { perMinute: 7, perDay: 70 };
        expect(await stores.workspaces.update(w.id, { plan: 'enterprise', limits })).toEqual({
          ...w,
          name: 'renamed',
          limits,
        });
        expect(await stores.workspaces.get(w.id)).toEqual({ ...w, name: 'renamed', limits });
        expect(await stores.workspaces.update(randomUUID(), { name: 'x' })).toBeNull();
      });

      it('keeps every change of updates made at the same time to different fields', async () => {
        const w = await workspace();
        const limits = { perMinute: 3, perDay: 30 };
        for (let round = 0; round < 5; round += 1) {
          const name = `renamed ${round}`;
          const plan = round % 2 === 0 ? 'pro' : 'enterprise';
          await Promise.all([
            stores.workspaces.update(w.id, { name }),
            stores.workspaces.update(w.id, { plan }),
            stores.workspaces.update(w.id, { limits }),
          ]);
          expect(await stores.workspaces.get(w.id)).toEqual({ ...w, name, plan, limits });
        }
      });

      it('lists the requested ids by creation time then id, paged, ignoring unknown ids', async () => {
        const ws = [
          await workspace({ createdAt: at(3) }),
          await workspace({ createdAt: at(1) }),
          await workspace({ createdAt: at(1) }),
          await workspace({ createdAt: at(2) }),
        ];
        const expected = [...ws]
          .sort((a, b) =>
            a.createdAt === b.createdAt
              ? a.id < b.id
                ? -1
                : 1
              : a.createdAt < b.createdAt
                ? -1
                : 1,
          )
          .map((w) => w.id);
        const ids = [...ws.map((w) => w.id), randomUUID()];
        const first = await stores.workspaces.listByIds(ids, { limit: 3, offset: 0 });
        const rest = await stores.workspaces.listByIds(ids, { limit: 3, offset: 3 });
        expect(first.total).toBe(4);
        expect(rest.total).toBe(4);
        expect([...first.items, ...rest.items].map((w) => w.id)).toEqual(expected);
        expect(await stores.workspaces.listByIds([], { limit: 3, offset: 0 })).toEqual({
          items: [],
          total: 0,
        });
      });

      it('lists and counts every workspace, oldest first', async () => {
        const before = await stores.workspaces.count();
        const mine = [
          await workspace({ createdAt: at(-5) }),
          await workspace({ createdAt: at(-4) }),
        ];
        expect(await stores.workspaces.count()).toBeGreaterThanOrEqual(before + 2);
        const all = [];
        for (let offset = 0; ; offset += 100) {
          const page = await stores.workspaces.listAll({ limit: 100, offset });
          all.push(...page.items);
          if (page.items.length < 100) {
            break;
          }
        }
        const order = all.map((w) => `${w.createdAt}|${w.id}`);
        expect(order).toEqual([...order].sort());
        const ids = all.map((w) => w.id);
        expect(ids.indexOf(mine[0]?.id ?? '')).toBeLessThan(ids.indexOf(mine[1]?.id ?? ''));
      });
    });

    describe('API keys', () => {
      it('stores a key without its hash and finds it by hash and by workspace and id', async () => {
        const w = await workspace();
        const stored = key(w.id, {
          expiresAt: '2027-01-01T00:00:00.000Z',
          createdBy: 'key_creator',
          scopes: ['admin'],
        });
        const { secretHash: _hash, ...visible } = stored;
        const expected = { ...visible, revokedAt: null };
        expect(await stores.apiKeys.create(stored)).toEqual(expected);
        expect(await stores.apiKeys.findBySecretHash(stored.secretHash)).toEqual(expected);
        expect(await stores.apiKeys.get(w.id, stored.id)).toEqual(expected);
        expect(await stores.apiKeys.findBySecretHash('0'.repeat(64))).toBeNull();
      });

      it('keeps keys in their workspace', async () => {
        const [a, b] = [await workspace(), await workspace()];
        const k = key(a.id);
        await stores.apiKeys.create(k);
        expect(await stores.apiKeys.get(b.id, k.id)).toBeNull();
        expect(await stores.apiKeys.list(b.id, { limit: 10, offset: 0 })).toEqual({
          items: [],
          total: 0,
        });
        expect(await stores.apiKeys.revoke(b.id, k.id, at(5))).toBeNull();
        expect((await stores.apiKeys.get(a.id, k.id))?.revokedAt).toBeNull();
      });

      it('refuses a key of a workspace that does not exist', async () => {
        expect(await outcome(stores.apiKeys.create(key(randomUUID())))).toBe('rejected');
      });

      it('lists a workspace’s keys by creation time then id, paged', async () => {
        const w = await workspace();
        const keys = [
          key(w.id, { createdAt: at(2) }),
          key(w.id, { createdAt: at(1) }),
          key(w.id, { createdAt: at(1) }),
        ];
        for (const k of keys) {
          await stores.apiKeys.create(k);
        }
        const expected = [...keys]
          .sort((x, y) =>
            x.createdAt === y.createdAt
              ? x.id < y.id
                ? -1
                : 1
              : x.createdAt < y.createdAt
                ? -1
                : 1,
          )
          .map((k) => k.id);
        const first = await stores.apiKeys.list(w.id, { limit: 2, offset: 0 });
        const rest = await stores.apiKeys.list(w.id, { limit: 2, offset: 2 });
        expect([first.total, rest.total]).toEqual([3, 3]);
        expect([...first.items, ...rest.items].map((k) => k.id)).toEqual(expected);
      });

      it('revokes once: a second revoke keeps the first time', async () => {
        const w = await workspace();
        const k = key(w.id);
        await stores.apiKeys.create(k);
        expect((await stores.apiKeys.revoke(w.id, k.id, at(10)))?.revokedAt).toBe(at(10));
        expect((await stores.apiKeys.revoke(w.id, k.id, at(20)))?.revokedAt).toBe(at(10));
        expect((await stores.apiKeys.findBySecretHash(k.secretHash))?.revokedAt).toBe(at(10));
        expect(await stores.apiKeys.revoke(w.id, 'key_unknown', at(30))).toBeNull();
      });

      it('revokes once even when revoked at the same time: every caller sees the one time kept', async () => {
        const w = await workspace();
        const k = key(w.id);
        await stores.apiKeys.create(k);
        const times = Array.from({ length: 8 }, (_, i) => at(10 + i));
        const revoked = await Promise.all(times.map((t) => stores.apiKeys.revoke(w.id, k.id, t)));
        const kept = (await stores.apiKeys.get(w.id, k.id))?.revokedAt;
        expect(times).toContain(kept);
        expect(revoked.map((r) => r?.revokedAt)).toEqual(times.map(() => kept));
      });
    });
  });
}
