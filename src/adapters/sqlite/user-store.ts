import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database';
import type { Membership, User } from '../../domain/user';
import type { Page, PageRequest } from '../../ports/paging';
import { readMembership, readUser, readUserWithPassword } from '../../ports/user-records';
import type { NewUser, UserStore, UserWithPassword } from '../../ports/user-store';
import { rowFields } from './record-fields';

function toUser(row: object): User {
  return readUser(rowFields(row));
}

function toMembership(row: object): Membership {
  return readMembership(rowFields(row));
}

/** Users and memberships in the embedded store. */
export class SqliteUserStore implements UserStore {
  private readonly insertUser: Statement;
  private readonly byId: Statement<[string], object>;
  private readonly byEmail: Statement<[string], object>;
  private readonly countStmt: Statement<[], { n: number }>;
  private readonly pageStmt: Statement<[number, number], object>;
  private readonly upsertMembership: Statement;
  private readonly membershipStmt: Statement<[string, string], object>;
  private readonly membershipsStmt: Statement<[string], object>;

  constructor(private readonly db: SqliteDatabase) {
    this.insertUser = db.writer.prepare(
      `INSERT INTO users (id, email, password_hash, created_at)
       VALUES (@id, @email, @passwordHash, @createdAt)
       ON CONFLICT (email) DO NOTHING`,
    );
    this.byId = db.reader.prepare('SELECT * FROM users WHERE id = ?');
    this.byEmail = db.reader.prepare('SELECT * FROM users WHERE email = ?');
    this.countStmt = db.reader.prepare('SELECT COUNT(*) AS n FROM users');
    this.pageStmt = db.reader.prepare(
      'SELECT * FROM users ORDER BY created_at, id LIMIT ? OFFSET ?',
    );
    this.upsertMembership = db.writer.prepare(
      `INSERT INTO user_memberships (user_id, workspace_id, scopes, created_at, updated_at)
       VALUES (@userId, @workspaceId, @scopes, @createdAt, @updatedAt)
       ON CONFLICT (user_id, workspace_id)
       DO UPDATE SET scopes = excluded.scopes, updated_at = excluded.updated_at`,
    );
    this.membershipStmt = db.reader.prepare(
      'SELECT * FROM user_memberships WHERE user_id = ? AND workspace_id = ?',
    );
    this.membershipsStmt = db.reader.prepare(
      'SELECT * FROM user_memberships WHERE user_id = ? ORDER BY created_at, workspace_id',
    );
  }

  async create(user: NewUser): Promise<User | null> {
    const { changes } = await this.db.exclusive(() => this.insertUser.run(user));
    return changes === 1 ? { id: user.id, email: user.email, createdAt: user.createdAt } : null;
  }

  get(id: string): Promise<User | null> {
    const row = this.byId.get(id);
    return Promise.resolve(row ? toUser(row) : null);
  }

  findByEmail(email: string): Promise<UserWithPassword | null> {
    const row = this.byEmail.get(email);
    return Promise.resolve(row ? readUserWithPassword(rowFields(row)) : null);
  }

  list(page: PageRequest): Promise<Page<User>> {
    const total = this.countStmt.get()?.n ?? 0;
    const items = this.pageStmt.all(page.limit, page.offset).map(toUser);
    return Promise.resolve({ items, total });
  }

  async putMembership(membership: Membership): Promise<Membership> {
    await this.db.exclusive(() =>
      this.upsertMembership.run({ ...membership, scopes: JSON.stringify(membership.scopes) }),
    );
    const row = this.membershipStmt.get(membership.userId, membership.workspaceId);
    if (!row) {
      throw new Error('membership vanished right after it was written');
    }
    return toMembership(row);
  }

  memberships(userId: string): Promise<Membership[]> {
    return Promise.resolve(this.membershipsStmt.all(userId).map(toMembership));
  }
}
