import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import type { OAuthClient } from '../../domain/oauth';
import type { OAuthClientStore } from '../../ports/oauth-client-store';
import { readOAuthClient } from '../../ports/oauth-records';
import type { Page, PageRequest } from '../../ports/paging';
import { rowFields } from './record-fields';

/** The client of a row of `oauth_clients`. */
function toClient(row: object): OAuthClient {
  return readOAuthClient(rowFields(row));
}

/** OAuth client applications in the embedded store. */
export class SqliteOAuthClientStore implements OAuthClientStore {
  private readonly insert: Statement;
  private readonly byId: Statement<[string], object>;
  private readonly countByWorkspace: Statement<[string], { n: number }>;
  private readonly pageByWorkspace: Statement<[string, number, number], object>;
  private readonly countAll: Statement<[], { n: number }>;
  private readonly pageAll: Statement<[number, number], object>;
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
