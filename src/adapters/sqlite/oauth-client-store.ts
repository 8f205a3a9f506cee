import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import type { OAuthClient } from '../../domain/oauth';
import type { Scope } from '../../domain/scopes';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import type { Page, PageRequest } from '../../ports/paging';

interface ClientRow {
  id: string;
  workspace_id: string;
  name: string;
  redirect_uri: string;
  scopes: string;
  created_at: string;
  created_by: string | null;
}

function toClient(row: ClientRow): OAuthClient {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    redirectUri: row.redirect_uri,
    scopes: JSON.parse(row.scopes) as Scope[],
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/** OAuth client applications in the embedded store. */
export class SqliteOAuthClientStore implements OAuthClientStore {
  private readonly insert: Statement;
  private readonly byId: Statement<[string], ClientRow>;
  private readonly countByWorkspace: Statement<[string], { n: number }>;
  private readonly pageByWorkspace: Statement<[string, number, number], ClientRow>;
  private readonly countAll: Statement<[], { n: number }>;
  private readonly pageAll: Statement<[number, number], ClientRow>;
  private readonly deleteStmt: Statement<[string, string]>;

  constructor(private readonly db: SqliteDatabase) {
    this.insert = db.writer.prepare(
      `INSERT INTO oauth_clients (id, workspace_id, name, redirect_uri, scopes, created_at, created_by)
       VALUES (@id, @workspaceId, @name, @redirectUri, @scopes, @createdAt, @createdBy)`,
    );
    this.byId = db.reader.prepare('SELECT * FROM oauth_clients WHERE id = ?');
    this.countByWorkspace = db.reader.prepare(
      'SELECT COUNT(*) AS n FROM oauth_clients WHERE workspace_id = ?',
    );
    this.pageByWorkspace = db.reader.prepare(
      `SELECT * FROM oauth_clients WHERE workspace_id = ?
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    );
    this.countAll = db.reader.prepare('SELECT COUNT(*) AS n FROM oauth_clients');
    this.pageAll = db.reader.prepare(
      'SELECT * FROM oauth_clients ORDER BY created_at, id LIMIT ? OFFSET ?',
    );
    // Foreign keys cascade to the client's requests, codes and token families.
    this.deleteStmt = db.writer.prepare(
      'DELETE FROM oauth_clients WHERE workspace_id = ? AND id = ?',
    );
  }

  async create(client: OAuthClient): Promise<OAuthClient> {
    await this.db.exclusive(() =>
      this.insert.run({ ...client, scopes: JSON.stringify(client.scopes) }),
    );
    return { ...client, scopes: [...client.scopes] };
  }

  get(clientId: string): Promise<OAuthClient | null> {
    const row = this.byId.get(clientId);
    return Promise.resolve(row ? toClient(row) : null);
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<OAuthClient>> {
    const total = this.countByWorkspace.get(workspaceId)?.n ?? 0;
    const items = this.pageByWorkspace.all(workspaceId, page.limit, page.offset).map(toClient);
    return Promise.resolve({ items, total });
  }

  listAll(page: PageRequest): Promise<Page<OAuthClient>> {
    const total = this.countAll.get()?.n ?? 0;
    const items = this.pageAll.all(page.limit, page.offset).map(toClient);
    return Promise.resolve({ items, total });
  }

  async delete(workspaceId: string, clientId: string): Promise<boolean> {
    const { changes } = await this.db.exclusive(() => this.deleteStmt.run(workspaceId, clientId));
    return changes === 1;
  }
}
