import type { Database, Statement } from 'better-sqlite3';
import type { Plan, RateLimits, Workspace } from '../../domain/workspace';
import type { Page, PageRequest } from '../../ports/paging';
import type { NewWorkspace, WorkspaceStore } from '../../ports/workspace-store';

interface WorkspaceRow {
  id: string;
  name: string;
  plan: Plan;
  limit_per_minute: number | null;
  limit_per_day: number | null;
  created_at: string;
}

function toWorkspace(row: WorkspaceRow): Workspace {
  const limits: RateLimits | null =
    row.limit_per_minute !== null && row.limit_per_day !== null
      ? { perMinute: row.limit_per_minute, perDay: row.limit_per_day }
      : null;
  return { id: row.id, name: row.name, plan: row.plan, limits, createdAt: row.created_at };
}

/** Workspaces in the embedded store. */
export class SqliteWorkspaceStore implements WorkspaceStore {
  private readonly getStmt: Statement<[string], WorkspaceRow>;
  private readonly insertStmt: Statement;

  constructor(private readonly db: Database) {
    this.getStmt = db.prepare('SELECT * FROM workspaces WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO workspaces (id, name, plan, limit_per_minute, limit_per_day, created_at)
       VALUES (@id, @name, @plan, @perMinute, @perDay, @createdAt)`,
    );
  }

  create(workspace: NewWorkspace): Promise<Workspace> {
    this.insertStmt.run({
      id: workspace.id,
      name: workspace.name,
      plan: workspace.plan,
      perMinute: workspace.limits?.perMinute ?? null,
      perDay: workspace.limits?.perDay ?? null,
      createdAt: workspace.createdAt,
    });
    return Promise.resolve({ ...workspace });
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
      this.db
        .prepare(`SELECT COUNT(*) AS n FROM workspaces WHERE id IN (${placeholders})`)
        .get(...ids) as { n: number }
    ).n;
    const rows = this.db
      .prepare(
        `SELECT * FROM workspaces WHERE id IN (${placeholders})
         ORDER BY created_at, id LIMIT ? OFFSET ?`,
      )
      .all(...ids, page.limit, page.offset) as WorkspaceRow[];
    return Promise.resolve({ items: rows.map(toWorkspace), total });
  }

  listAll(page: PageRequest): Promise<Page<Workspace>> {
    const total = (this.db.prepare('SELECT COUNT(*) AS n FROM workspaces').get() as { n: number })
      .n;
    const rows = this.db
      .prepare('SELECT * FROM workspaces ORDER BY created_at, id LIMIT ? OFFSET ?')
      .all(page.limit, page.offset) as WorkspaceRow[];
    return Promise.resolve({ items: rows.map(toWorkspace), total });
  }

  update(
    id: string,
    changes: { plan?: Plan; limits?: RateLimits | null; name?: string },
  ): Promise<Workspace | null> {
    const result = this.db.transaction(() => {
      const row = this.getStmt.get(id);
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
      this.db
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
      return this.getStmt.get(id) ?? null;
    })();
    return Promise.resolve(result ? toWorkspace(result) : null);
  }

  count(): Promise<number> {
    return Promise.resolve(
      (this.db.prepare('SELECT COUNT(*) AS n FROM workspaces').get() as { n: number }).n,
    );
  }
}
