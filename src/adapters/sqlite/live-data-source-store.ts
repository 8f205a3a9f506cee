import type { Statement } from 'better-sqlite3';
import type { LiveDataSource } from '../../domain/live-data';
import type { UnitOfWork } from '../../ports/graph-store';
import { readLiveDataSource } from '../../ports/live-data-source-records';
import type { LiveDataSourceStore, SourceFilter } from '../../ports/live-data-source-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { SqliteDatabase } from './database';
import { runInTransaction, settle } from './graph-transaction';
import { rowFields } from './record-fields';

const COLUMNS = 'id, name, unit, description, entity_id, created_at';

function toSource(row: object): LiveDataSource {
  return readLiveDataSource(rowFields(row));
}

/** Live data source records in the embedded store. Reads on the reader, writes under the mutex. */
export class SqliteLiveDataSourceStore implements LiveDataSourceStore {
  private readonly insertStmt: Statement;
  private readonly getStmt: Statement<[string, string], object>;
  private readonly countAll: Statement<[string], { n: number }>;
  private readonly pageAll: Statement<[string, number, number], object>;
  private readonly countByEntity: Statement<[string, string], { n: number }>;
  private readonly pageByEntity: Statement<[string, string, number, number], object>;

  constructor(private readonly db: SqliteDatabase) {
    this.insertStmt = db.writer.prepare(
      `INSERT INTO live_data_sources (workspace_id, id, name, unit, description, entity_id, created_at)
       VALUES (@workspaceId, @id, @name, @unit, @description, @entityId, @createdAt)`,
    );
    this.getStmt = db.reader.prepare(
      `SELECT ${COLUMNS} FROM live_data_sources WHERE workspace_id = ? AND id = ?`,
    );
    this.countAll = db.reader.prepare(
      'SELECT COUNT(*) AS n FROM live_data_sources WHERE workspace_id = ?',
    );
    this.pageAll = db.reader.prepare(
      `SELECT ${COLUMNS} FROM live_data_sources WHERE workspace_id = ?
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    );
    this.countByEntity = db.reader.prepare(
      `SELECT COUNT(*) AS n FROM live_data_sources
       WHERE workspace_id = ? AND entity_id = ?`,
    );
    this.pageByEntity = db.reader.prepare(
      `SELECT ${COLUMNS} FROM live_data_sources WHERE workspace_id = ? AND entity_id = ?
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    );
  }

  async create(workspaceId: string, source: LiveDataSource): Promise<void> {
    await this.db.exclusive(() => {
      this.insertStmt.run({ workspaceId, ...source });
    });
  }

  async createIn(uow: UnitOfWork, workspaceId: string, source: LiveDataSource): Promise<void> {
    await runInTransaction(uow, this.db, workspaceId, () => {
      this.insertStmt.run({ workspaceId, ...source });
    });
  }

  get(workspaceId: string, id: string): Promise<LiveDataSource | null> {
    return settle(() => {
      const row = this.getStmt.get(workspaceId, id);
      return row ? toSource(row) : null;
    });
  }

  getMany(workspaceId: string, ids: readonly string[]): Promise<LiveDataSource[]> {
    return settle(() =>
      ids.flatMap((id) => {
        const row = this.getStmt.get(workspaceId, id);
        return row ? [toSource(row)] : [];
      }),
    );
  }

  list(
    workspaceId: string,
    filter: SourceFilter,
    page: PageRequest,
  ): Promise<Page<LiveDataSource>> {
    return settle(() => {
      if (filter.entityId !== undefined) {
        const total = this.countByEntity.get(workspaceId, filter.entityId)?.n ?? 0;
        const rows = this.pageByEntity.all(workspaceId, filter.entityId, page.limit, page.offset);
        return { items: rows.map(toSource), total };
      }
      const total = this.countAll.get(workspaceId)?.n ?? 0;
      const rows = this.pageAll.all(workspaceId, page.limit, page.offset);
      return { items: rows.map(toSource), total };
    });
  }
}
