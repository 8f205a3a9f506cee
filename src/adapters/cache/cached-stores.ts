import type { ApiKey } from '../../domain/api-key';
import type { Plan, RateLimits, Workspace } from '../../domain/workspace';
import type { ApiKeyStore, NewApiKey } from '../../ports/api-key-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { NewWorkspace, WorkspaceStore } from '../../ports/workspace-store';
import type { InvalidationBus } from '../../ports/invalidation-bus';
import { MemoryInvalidationBus } from '../memory/invalidation-bus';
import { TtlCache } from './ttl-cache';

/**
 * How long a cached API key, workspace or connector is trusted. Changes made through this
 * process apply at once because they invalidate the cache; with REDIS_URL so do changes
 * made by every other process (each publishes them on the InvalidationBus). Without it,
 * changes made by another process (the CLI, another instance) apply within this time; it
 * stays the bound when an invalidation is lost (Redis down).
 */
export const SYSTEM_CACHE_TTL_MS = 5_000;

/**
 * ApiKeyStore decorator caching the per-request look-up by secret hash. A revocation is
 * published on the InvalidationBus once committed; every instance drops the key on it.
 */
export class CachedApiKeyStore implements ApiKeyStore {
  private readonly byHash: TtlCache<string, ApiKey>;

  constructor(
    private readonly inner: ApiKeyStore,
    private readonly invalidations: InvalidationBus = new MemoryInvalidationBus(),
    ttlMs = SYSTEM_CACHE_TTL_MS,
  ) {
    this.byHash = new TtlCache(ttlMs);
    invalidations.subscribe((message) => {
      if (message.kind === 'all') {
        this.byHash.clear();
      } else if (message.kind === 'api-key') {
        this.byHash.deleteWhere((key) => key.id === message.id);
      }
    });
  }

  create(key: NewApiKey): Promise<ApiKey> {
    return this.inner.create(key);
  }

  cachedBySecretHash(secretHash: string): ApiKey | undefined {
    // With a bus of other processes a copy is good only after `caughtUp`: not at once.
    return this.invalidations.caughtUp ? undefined : this.byHash.get(secretHash);
  }

  async findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    await this.invalidations.caughtUp?.();
    const cached = this.byHash.get(secretHash);
    if (cached) {
      return cached;
    }
    const generation = this.byHash.generation;
    const key = await this.inner.findBySecretHash(secretHash);
    // Only keys that exist are cached, so a key created elsewhere works at once.
    if (key) {
      this.byHash.set(secretHash, key, generation);
    }
    return key;
  }

  get(workspaceId: string, id: string): Promise<ApiKey | null> {
    return this.inner.get(workspaceId, id);
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    return this.inner.list(workspaceId, page);
  }

  async revoke(workspaceId: string, id: string, revokedAt: string): Promise<ApiKey | null> {
    this.byHash.deleteWhere((key) => key.id === id);
    const revoked = await this.inner.revoke(workspaceId, id, revokedAt);
    await this.invalidations.publish({ kind: 'api-key', id });
    return revoked;
  }
}

/**
 * WorkspaceStore decorator caching `get` (read on every authenticated request). A change
 * of plan, limits or name is published on the InvalidationBus once committed.
 */
export class CachedWorkspaceStore implements WorkspaceStore {
  private readonly byId: TtlCache<string, Workspace>;

  constructor(
    private readonly inner: WorkspaceStore,
    private readonly invalidations: InvalidationBus = new MemoryInvalidationBus(),
    ttlMs = SYSTEM_CACHE_TTL_MS,
  ) {
    this.byId = new TtlCache(ttlMs);
    invalidations.subscribe((message) => {
      if (message.kind === 'all') {
        this.byId.clear();
      } else if (message.kind === 'workspace') {
        this.byId.delete(message.id);
      }
    });
  }

  create(workspace: NewWorkspace): Promise<Workspace> {
    this.byId.delete(workspace.id);
    return this.inner.create(workspace);
  }

  cached(id: string): Workspace | undefined {
    return this.invalidations.caughtUp ? undefined : this.byId.get(id);
  }

  async get(id: string): Promise<Workspace | null> {
    await this.invalidations.caughtUp?.();
    const cached = this.byId.get(id);
    if (cached) {
      return cached;
    }
    const generation = this.byId.generation;
    const workspace = await this.inner.get(id);
    if (workspace) {
      this.byId.set(id, workspace, generation);
    }
    return workspace;
  }

  listByIds(ids: readonly string[], page: PageRequest): Promise<Page<Workspace>> {
    return this.inner.listByIds(ids, page);
  }

  listAll(page: PageRequest): Promise<Page<Workspace>> {
    return this.inner.listAll(page);
  }

  async update(
    id: string,
    changes: { plan?: Plan; limits?: RateLimits | null; name?: string },
  ): Promise<Workspace | null> {
    this.byId.delete(id);
    const updated = await this.inner.update(id, changes);
    await this.invalidations.publish({ kind: 'workspace', id });
    return updated;
  }

  count(): Promise<number> {
    return this.inner.count();
  }
}
