import { TtlCache } from '../../../../src/adapters/cache/ttl-cache';
import {
  CachedApiKeyStore,
  CachedWorkspaceStore,
} from '../../../../src/adapters/cache/cached-stores';
import type { ApiKey } from '../../../../src/domain/api-key';
import type { Workspace } from '../../../../src/domain/workspace';
import type { ApiKeyStore } from '../../../../src/ports/api-key-store';
import type { Invalidation, InvalidationBus } from '../../../../src/ports/invalidation-bus';
import type { WorkspaceStore } from '../../../../src/ports/workspace-store';

describe('TtlCache', () => {
  it('forgets entries after the ttl and drops the oldest beyond the size bound', () => {
    let now = 1000;
    const cache = new TtlCache<string, number>(100, 2, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    now += 100;
    expect(cache.get('b')).toBeUndefined();
  });
});

const key: ApiKey = {
  id: 'key_1',
  workspaceId: 'ws',
  name: 'k',
  prefix: 'wos_x',
  scopes: ['read:nodes'],
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  createdBy: null,
};

describe('CachedApiKeyStore', () => {
  it('serves repeated look-ups from the cache and forgets a key when it is revoked', async () => {
    let stored: ApiKey | null = key;
    const calls = { find: 0 };
    const inner = {
      findBySecretHash: () => {
        calls.find += 1;
        return Promise.resolve(stored);
      },
      revoke: () => {
        stored = { ...key, revokedAt: '2026-01-02T00:00:00.000Z' };
        return Promise.resolve(stored);
      },
    } as unknown as ApiKeyStore;
    const cached = new CachedApiKeyStore(inner);
    await cached.findBySecretHash('h');
    await cached.findBySecretHash('h');
    expect(calls.find).toBe(1);
    await cached.revoke('ws', 'key_1', '2026-01-02T00:00:00.000Z');
    expect((await cached.findBySecretHash('h'))?.revokedAt).not.toBeNull();
    expect(calls.find).toBe(2);
  });

  it('does not cache unknown keys', async () => {
    let stored: ApiKey | null = null;
    const inner = {
      findBySecretHash: () => Promise.resolve(stored),
    } as unknown as ApiKeyStore;
    const cached = new CachedApiKeyStore(inner);
    expect(await cached.findBySecretHash('h')).toBeNull();
    stored = key;
    expect(await cached.findBySecretHash('h')).toEqual(key);
  });
});

describe('CachedWorkspaceStore', () => {
  it('invalidates on update so a plan change applies at once', async () => {
    let current: Workspace = {
      id: 'ws',
      name: 'w',
      plan: 'starter',
      limits: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const inner = {
      get: () => Promise.resolve(current),
      update: () => {
        current = { ...current, plan: 'pro' };
        return Promise.resolve(current);
      },
    } as unknown as WorkspaceStore;
    const cached = new CachedWorkspaceStore(inner);
    expect((await cached.get('ws'))?.plan).toBe('starter');
    await cached.update('ws', { plan: 'pro' });
    expect((await cached.get('ws'))?.plan).toBe('pro');
  });
});

describe('caches over a bus of other processes', () => {
  it('answer from a copy only once the messages that had arrived are delivered', async () => {
    const workspace = { id: 'ws', name: 'w', plan: 'starter' } as Workspace;
    let stored: Workspace = workspace;
    const inner = { get: () => Promise.resolve(stored) } as unknown as WorkspaceStore;
    const listeners: ((message: Invalidation) => void)[] = [];
    // A message from another process is waiting, read only in the next I/O phase.
    const pending: Invalidation[] = [];
    const bus: InvalidationBus = {
      publish: () => Promise.resolve(),
      subscribe: (listener) => {
        listeners.push(listener);
        return () => undefined;
      },
      caughtUp: () =>
        new Promise((resolve) =>
          setImmediate(() => {
            for (const message of pending.splice(0)) {
              listeners.forEach((listener) => listener(message));
            }
            resolve();
          }),
        ),
    };
    const cache = new CachedWorkspaceStore(inner, bus);
    expect(await cache.get('ws')).toEqual(workspace);
    // The synchronous peek never answers over such a bus: the guard then takes `get`.
    expect(cache.cached('ws')).toBeUndefined();
    stored = { ...workspace, plan: 'pro' };
    pending.push({ kind: 'workspace', id: 'ws' });
    expect((await cache.get('ws'))?.plan).toBe('pro');
  });
});
