import type { Plan, RateLimits, Workspace } from '../domain/workspace';
import type { Page, PageRequest } from './paging';

export interface NewWorkspace {
  id: string;
  name: string;
  plan: Plan;
  limits: RateLimits | null;
  createdAt: string;
}

/** Persistence of workspaces. Implemented by every system-store engine. */
export interface WorkspaceStore {
  create(workspace: NewWorkspace): Promise<Workspace>;
  get(id: string): Promise<Workspace | null>;
  /** The workspace a cache in front of the store holds, without a read (see ApiKeyStore). */
  cached?(id: string): Workspace | undefined;
  /** Workspaces among `ids`, ordered by creation time then id. */
  listByIds(ids: readonly string[], page: PageRequest): Promise<Page<Workspace>>;
  /** Every workspace (operators' CLI). */
  listAll(page: PageRequest): Promise<Page<Workspace>>;
  update(
    id: string,
    changes: { plan?: Plan; limits?: RateLimits | null; name?: string },
  ): Promise<Workspace | null>;
  count(): Promise<number>;
}
