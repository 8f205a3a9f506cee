import type { LiveDataSource } from '../domain/live-data';
import type { UnitOfWork } from './graph-store';
import type { Page, PageRequest } from './paging';

export interface SourceFilter {
  /** Only sources linked to this node. */
  entityId?: string;
}

/**
 * Live data source records, kept in the system store (the embedded SQLite store, or Neo4j
 * when it is configured). Engine-neutral: every method is confined to one workspace, and a
 * source of another workspace behaves as a missing one.
 */
export interface LiveDataSourceStore {
  /** Inserts a new source; its id is fresh (a UUID), so it cannot collide. */
  create(workspaceId: string, source: LiveDataSource): Promise<void>;
  /**
   * `create` inside the open transaction of `uow` (a GraphStore unit of work of the same
   * engine, opened for `workspaceId`): the source commits with its change event.
   */
  createIn(uow: UnitOfWork, workspaceId: string, source: LiveDataSource): Promise<void>;
  get(workspaceId: string, id: string): Promise<LiveDataSource | null>;
  /** The sources among `ids` that exist in the workspace, in no particular order. */
  getMany(workspaceId: string, ids: readonly string[]): Promise<LiveDataSource[]>;
  /** Oldest first (`createdAt`, then `id`). */
  list(workspaceId: string, filter: SourceFilter, page: PageRequest): Promise<Page<LiveDataSource>>;
}
