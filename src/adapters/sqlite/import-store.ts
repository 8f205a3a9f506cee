import type { Statement } from 'better-sqlite3';
import { fromStoredImport, toStoredImport, type ImportRecord } from '../../domain/imports';
import type { UnitOfWork } from '../../ports/graph-store';
import type { ImportStore } from '../../ports/import-store';
import type { Page, PageRequest } from '../../ports/paging';
import type { SqliteDatabase } from './database';
import { runInTransaction, settle } from './graph-transaction';

interface ImportRow {
  id: string;
  actor_id: string;
  status: string;
  nodes: number;
  edges: number;
  unchanged: number;
  lines: number;
  errors: string;
  validate_records: number;
  started_at: string;
  finished_at: string | null;
}

const COLUMNS =
  'id, actor_id, status, nodes, edges, unchanged, lines, errors, validate_records, started_at, finished_at';

function toRecord(row: ImportRow): ImportRecord {
  return fromStoredImport({
    id: row.id,
    actorId: row.actor_id,
    status: row.status,
    nodes: row.nodes,
    edges: row.edges,
    unchanged: row.unchanged,
    lines: row.lines,
    errors: row.errors,
    validateRecords: row.validate_records === 1,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  });
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
  private readonly getStmt: Statement<[string, string], ImportRow>;
  private readonly countStmt: Statement<[string], number>;
  private readonly pageStmt: Statement<[string, number, number], ImportRow>;

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
