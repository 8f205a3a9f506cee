import type { Statement } from 'better-sqlite3';
import { toStoredImport, type ImportRecord } from '../../domain/imports';
import type { UnitOfWork } from '../../ports/graph-store';
import { readImport } from '../../ports/import-records';
import type { ImportStore } from '../../ports/import-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { SqliteDatabase } from './database';
import { runInTransaction, settle } from './graph-transaction';
import { rowFields } from './record-fields';

const COLUMNS =
  'id, actor_id, status, nodes, edges, unchanged, lines, errors, validate_records, started_at, finished_at';

/** The record of a row of `imports`. */
function toRecord(row: object): ImportRecord {
  return readImport(rowFields(row));
}

/** The statements' parameters for `record` (SQLite has no booleans: 1 or 0). */
function paramsOf(workspaceId: string, record: ImportRecord) {
  const stored = toStoredImport(record);
  return { workspaceId, ...stored, validateRecords: stored.validateRecords ? 1 : 0 };
}

/** Import records in the embedded store. Reads on the reader, writes under the mutex. */
export class SqliteImportStore implements ImportStore {
  private readonly insertStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly getStmt: Statement<[string, string], object>;
  private readonly countStmt: Statement<[string], number>;
  private readonly pageStmt: Statement<[string, number, number], object>;

  constructor(private readonly db: SqliteDatabase) {
    this.insertStmt = db.writer.prepare(
      `INSERT INTO imports (workspace_id, ${COLUMNS})
       VALUES (@workspaceId, @id, @actorId, @status, @nodes, @edges, @unchanged, @lines, @errors,
         @validateRecords, @startedAt, @finishedAt)`,
    );
    this.updateStmt = db.writer.prepare(
      `UPDATE imports SET status = @status, nodes = @nodes, edges = @edges,
         unchanged = @unchanged, lines = @lines, errors = @errors, finished_at = @finishedAt
       WHERE workspace_id = @workspaceId AND id = @id`,
    );
    this.getStmt = db.reader.prepare(
      `SELECT ${COLUMNS} FROM imports WHERE workspace_id = ? AND id = ?`,
    );
    this.countStmt = db.reader
      .prepare<[string], number>('SELECT COUNT(*) FROM imports WHERE workspace_id = ?')
      .pluck();
    this.pageStmt = db.reader.prepare(
      `SELECT ${COLUMNS} FROM imports WHERE workspace_id = ?
       ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
  }

  async create(workspaceId: string, record: ImportRecord): Promise<void> {
    const params = paramsOf(workspaceId, record);
    await this.db.exclusive(() => {
      this.insertStmt.run(params);
    });
  }

  /**
   * Progress is written without waiting for the disk (a later durable commit covers it):
   * losing the last progress update on power failure loses no data, only its count.
   */
  async update(workspaceId: string, record: ImportRecord): Promise<void> {
    const params = paramsOf(workspaceId, record);
    const changed = await this.db.exclusive(() => this.updateStmt.run(params).changes, {
      durable: record.status !== 'running',
    });
    if (changed !== 1) {
      throw new Error(`Import ${record.id} not found in this workspace.`);
    }
  }

  async updateIn(uow: UnitOfWork, workspaceId: string, record: ImportRecord): Promise<void> {
    const params = paramsOf(workspaceId, record);
    const changed = await runInTransaction(
      uow,
      this.db,
      workspaceId,
      () => this.updateStmt.run(params).changes,
    );
    if (changed !== 1) {
      throw new Error(`Import ${record.id} not found in this workspace.`);
    }
  }

  get(workspaceId: string, id: string): Promise<ImportRecord | null> {
    return settle(() => {
      const row = this.getStmt.get(workspaceId, id);
      return row ? toRecord(row) : null;
    });
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<ImportRecord>> {
    return settle(() => ({
      items: this.pageStmt.all(workspaceId, page.limit, page.offset).map(toRecord),
      total: this.countStmt.get(workspaceId) ?? 0,
    }));
  }
}
