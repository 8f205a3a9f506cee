import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import type { ApiKey } from '../../domain/api-key';
import { readApiKey } from '../../ports/api-key-records';
import type { ApiKeyStore, NewApiKey } from '../../ports/api-key-store';
import type { Page, PageRequest } from '../../ports/paging';
import { rowFields } from './record-fields';

function toApiKey(row: object): ApiKey {
  return readApiKey(rowFields(row));
}

const COLUMNS =
  'id, workspace_id, name, prefix, scopes, created_at, expires_at, revoked_at, created_by';

/** API keys in the embedded store. */
export class SqliteApiKeyStore implements ApiKeyStore {
  private readonly byHash: Statement<[string], object>;
  private readonly byId: Statement<[string, string], object>;
  private readonly insert: Statement;
  private readonly revokeStmt: Statement;
  private readonly countStmt: Statement<[string], { n: number }>;
  private readonly pageStmt: Statement<[string, number, number], object>;

  constructor(private readonly db: SqliteDatabase) {
    this.byHash = db.reader.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE secret_hash = ?`);
    this.byId = db.reader.prepare(
      `SELECT ${COLUMNS} FROM api_keys WHERE workspace_id = ? AND id = ?`,
    );
    this.insert = db.writer.prepare(
      `INSERT INTO api_keys (id, workspace_id, name, prefix, secret_hash, scopes, created_at,
         expires_at, revoked_at, created_by)
       VALUES (@id, @workspaceId, @name, @prefix, @secretHash, @scopes, @createdAt, @expiresAt,
         NULL, @createdBy)`,
    );
    this.revokeStmt = db.writer.prepare(
      `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE workspace_id = ? AND id = ?`,
    );
    this.countStmt = db.reader.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE workspace_id = ?');
    this.pageStmt = db.reader.prepare(
      `SELECT ${COLUMNS} FROM api_keys WHERE workspace_id = ?
       ORDER BY created_at, id LIMIT ? OFFSET ?`,
    );
  }

  async create(key: NewApiKey): Promise<ApiKey> {
    await this.db.exclusive(() => this.insert.run({ ...key, scopes: JSON.stringify(key.scopes) }));
    const { secretHash: _hash, ...visible } = key;
    return { ...visible, revokedAt: null };
  }

  findBySecretHash(secretHash: string): Promise<ApiKey | null> {
    const row = this.byHash.get(secretHash);
    return Promise.resolve(row ? toApiKey(row) : null);
  }

  get(workspaceId: string, id: string): Promise<ApiKey | null> {
    const row = this.byId.get(workspaceId, id);
    return Promise.resolve(row ? toApiKey(row) : null);
  }

  list(workspaceId: string, page: PageRequest): Promise<Page<ApiKey>> {
    const total = this.countStmt.get(workspaceId)?.n ?? 0;
    const items = this.pageStmt.all(workspaceId, page.limit, page.offset).map(toApiKey);
    return Promise.resolve({ items, total });
  }

  async revoke(workspaceId: string, id: string, revokedAt: string): Promise<ApiKey | null> {
    await this.db.exclusive(() => this.revokeStmt.run(revokedAt, workspaceId, id));
    return this.get(workspaceId, id);
  }
}
