import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import type { Plan, RateLimits, Workspace } from '../../domain/workspace';
import type { Page, PageRequest } from '../../ports/paging';
import { readWorkspace } from '../../ports/workspace-records';
import type { NewWorkspace, WorkspaceStore } from '../../ports/workspace-store';
import { rowFields } from './record-fields';

interface WorkspaceRow {
  id: string;
  name: string;
  plan: Plan;
  limit_per_minute: number | null;
  limit_per_day: number | null;
  created_at: string;
}

function toWorkspace(row: object): Workspace {
  return readWorkspace(rowFields(row));
}

/** Workspaces in the embedded store. */
export class SqliteWorkspaceStore implements WorkspaceStore {
  private readonly getStmt: Statement<[string], object>;
  private readonly insertStmt: Statement;

  constructor(private readonly db: SqliteDatabase) {
    this.getStmt = db.reader.prepare('SELECT * FROM workspaces WHERE id = ?');
    this.insertStmt = db.writer.prepare(
      `INSERT INTO workspaces (id, name, plan, limit_per_minute, limit_per_day, created_at)
       VALUES (@id, @name, @plan, @perMinute, @perDay, @createdAt)`,
    );
  }

  async create(workspace: NewWorkspace): Promise<Workspace> {
    await this.db.exclusive(() =>
      this.insertStmt.run({
        id: workspace.id,
        name: workspace.name,
        plan: workspace.plan,
        perMinute: workspace.limits?.perMinute ?? null,
        perDay: workspace.limits?.perDay ?? null,
        createdAt: workspace.createdAt,
      }),
    );
    return { ...workspace };
  }

  get(id: string): Promise<Workspace | null> {
    const row = this.getStmt.get(id);
    return Promise.resolve(row ? toWorkspace(row) : null);
  }

  listByIds(ids: readonly string[], page: PageRequest): Promise<Page<Workspace>> {
    if (ids.length === 0) {
      return Promise.resolve({ items: [], total: 0 });
    }
    const placeholders = ids.map(() => '?').join(', ');
    const total = (
      this.db.reader
        .prepare(`SELECT COUNT(*) AS n FROM workspaces WHERE id IN (${placeholders})`)
        .get(...ids) as { n: number }
    ).n;
    const rows = this.db.reader
      .prepare(
        `SELECT * FROM workspaces WHERE id IN (${placeholders})
         ORDER BY created_at, id LIMIT ? OFFSET ?`,
      )
      .all(...ids, page.limit, page.offset) as WorkspaceRow[];
    return Promise.resolve({ items: rows.map(toWorkspace), total });
  }

  listAll(page: PageRequest): Promise<Page<Workspace>> {
    const total = (
      this.db.reader.prepare('SELECT COUNT(*) AS n FROM workspaces').get() as { n: number }
    ).n;
    const rows = this.db.reader
      .prepare('SELECT * FROM workspaces ORDER BY created_at, id LIMIT ? OFFSET ?')
      .all(page.limit, page.offset) as WorkspaceRow[];
    return Promise.resolve({ items: rows.map(toWorkspace), total });
  }

  update(
    id: string,
    changes: { plan?: Plan; limits?: RateLimits | null; name?: string },
  ): Promise<Workspace | null> {
    const getForUpdate = this.db.writer.prepare<[string], WorkspaceRow>(
      'SELECT * FROM workspaces WHERE id = ?',
    );
    return this.db.exclusive(() => {
      const row = getForUpdate.get(id);
      if (!row) {
        return null;
      }
      const limits =
        changes.limits === undefined
          ? { perMinute: row.limit_per_minute, perDay: row.limit_per_day }
          : {
              perMinute: changes.limits?.perMinute ?? null,
              perDay: changes.limits?.perDay ?? null,
            };
      this.db.writer
        .prepare(
          `UPDATE workspaces SET name = ?, plan = ?, limit_per_minute = ?, limit_per_day = ?
           WHERE id = ?`,
        )
        .run(
          changes.name ?? row.name,
          changes.plan ?? row.plan,
          limits.perMinute,
          limits.perDay,
          id,
        );
      const updated = getForUpdate.get(id);
      return updated ? toWorkspace(updated) : null;
    });
  }

  count(): Promise<number> {
    return Promise.resolve(
      (this.db.reader.prepare('SELECT COUNT(*) AS n FROM workspaces').get() as { n: number }).n,
    );
  }
}
