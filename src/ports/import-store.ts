import type { ImportRecord } from '../domain/imports';
import type { UnitOfWork } from './graph-store';
import type { Page, PageRequest } from './paging';

/**
 * Records of imports through the API, kept in the system store (the embedded SQLite store,
 * or Neo4j when it is configured). Every method is confined to one workspace; an import of
 * another workspace behaves as a missing one.
 */
export interface ImportStore {
  /** Inserts a new record; its id is fresh (a time-ordered UUID), so it cannot collide. */
  create(workspaceId: string, record: ImportRecord): Promise<void>;
  /** Replaces the record's progress, status, errors and end time (the id must exist). */
  update(workspaceId: string, record: ImportRecord): Promise<void>;
  /**
   * `update` inside the open transaction of `uow` (a GraphStore unit of work of the same
   * engine, opened for `workspaceId`), so that it commits with what else that transaction
   * writes (the import's change event).
   */
  updateIn(uow: UnitOfWork, workspaceId: string, record: ImportRecord): Promise<void>;
  get(workspaceId: string, id: string): Promise<ImportRecord | null>;
  /** Newest first (`startedAt` descending, then `id` descending). */
  list(workspaceId: string, page: PageRequest): Promise<Page<ImportRecord>>;
}
