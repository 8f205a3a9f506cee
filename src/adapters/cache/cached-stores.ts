import type { ApiKey } from '../../domain/api-key';
import type { Plan, RateLimits, Workspace } from '../../domain/workspace';
import type { ApiKeyStore, NewApiKey } from '../../ports/api-key-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { NewWorkspace, WorkspaceStore } from '../../ports/workspace-store';
import { TtlCache } from './ttl-cache';

/**
 * How long a cached API key or workspace is trusted. Changes made through this process
 * (revoking a key, changing a plan) apply at once because they invalidate the cache;
 * changes made by another process (the CLI, another instance) apply within this time.
 */
export const SYSTEM_CACHE_TTL_MS = 5_000;

/** ApiKeyStore decorator caching the per-request look-up by secret hash. */
export class CachedApiKeyStore implements ApiKeyStore {
  private readonly byHash: TtlCache<string, ApiKey>;

  constructor(
    private readonly inner: ApiKeyStore,
    ttlMs = SYSTEM_CACHE_TTL_MS,
  ) {
    this.byHash = new TtlCache(ttlMs);
  }

  create(key: NewApiKey): Promise<ApiKey> {
    return this.inner.create(key);
  }

  async findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    const cached = this.byHash.get(secretHash);
    if (cached) {
      return cached;
    }
    const key = await this.inner.findBySecretHash(secretHash);
    // Only keys that exist are cached, so a key created elsewhere works at once.
    if (key) {
      this.byHash.set(secretHash, key);
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
    this.byHash.deleteWhere((key) => key.id === id);
    return revoked;
  }
}

/** WorkspaceStore decorator caching `get` (read on every authenticated request). */
export class CachedWorkspaceStore implements WorkspaceStore {
  private readonly byId: TtlCache<string, Workspace>;

  constructor(
    private readonly inner: WorkspaceStore,
    ttlMs = SYSTEM_CACHE_TTL_MS,
  ) {
    this.byId = new TtlCache(ttlMs);
  }

  create(workspace: NewWorkspace): Promise<Workspace> {
    this.byId.delete(workspace.id);
    return this.inner.create(workspace);
  }

  async get(id: string): Promise<Workspace | null> {
    const cached = this.byId.get(id);
    if (cached) {
      return cached;
    }
    const workspace = await this.inner.get(id);
    if (workspace) {
      this.byId.set(id, workspace);
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
    this.byId.delete(id);
    return updated;
  }

  count(): Promise<number> {
    return this.inner.count();
  }
}
