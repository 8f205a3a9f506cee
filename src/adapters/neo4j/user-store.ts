import type { Membership, User } from '../../domain/user';
import { NotFoundError } from '../../errors';
import type { Page, PageRequest } from '../../ports/paging';
import { readMembership, readUser, readUserWithPassword } from '../../ports/user-records';
import type { NewUser, UserStore, UserWithPassword } from '../../ports/user-store';
import type { Neo4jClient } from './client';
import { nodeFields } from './record-fields';
import { countField, mapField, readPage, runAll, runOne } from './statement';
import {
  MEMBERSHIP_LIST,
  MEMBERSHIP_PUT,
  USER_BY_EMAIL,
  USER_COUNT,
  USER_CREATE,
  USER_GET,
  USER_LIST,
  USERS_PURGE,
} from './statements/users';
import { toDateTime } from './values';

function toUser(stored: Record<string, unknown>): User {
  return readUser(nodeFields(stored));
}

function toMembership(stored: Record<string, unknown>): Membership {
  return readMembership(nodeFields(stored));
}

/** A constraint refused the write: with `_User.email` unique, the email is taken. */
function isConstraintViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'Neo.ClientError.Schema.ConstraintValidationFailed'
  );
}

/** Users and memberships in Neo4j, as `(:_User)` and `(:_Membership)` nodes. */
export class Neo4jUserStore implements UserStore {
  constructor(private readonly client: Neo4jClient) {}

  async create(user: NewUser): Promise<User | null> {
    let created: number;
    try {
      created = await this.client.write(async (tx) => {
        const record = await runOne(tx, USER_CREATE, {
          id: user.id,
          email: user.email,
          passwordHash: user.passwordHash,
          createdAt: toDateTime(user.createdAt),
        });
        return countField(record, 'created');
      });
    } catch (error) {
      // Two sign-ups of one email racing past the check: the constraint keeps one.
      if (isConstraintViolation(error)) {
        return null;
      }
      throw error;
    }
    return created === 1 ? { id: user.id, email: user.email, createdAt: user.createdAt } : null;
  }

  get(id: string): Promise<User | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, USER_GET, { id });
      return record ? toUser(mapField(record, 'user')) : null;
    });
  }

  findByEmail(email: string): Promise<UserWithPassword | null> {
    return this.client.read(async (tx) => {
      const record = await runOne(tx, USER_BY_EMAIL, { email });
      if (!record) {
        return null;
      }
      return readUserWithPassword(nodeFields(mapField(record, 'user')));
    });
  }

  list(page: PageRequest): Promise<Page<User>> {
    return this.client.read((tx) =>
      readPage(tx, { count: USER_COUNT, list: USER_LIST }, {}, page, (r) =>
        toUser(mapField(r, 'user')),
      ),
    );
  }

  async putMembership(membership: Membership): Promise<Membership> {
    const record = await this.client.write((tx) =>
      runOne(tx, MEMBERSHIP_PUT, {
        userId: membership.userId,
        workspaceId: membership.workspaceId,
        scopes: [...membership.scopes],
        createdAt: toDateTime(membership.createdAt),
        updatedAt: toDateTime(membership.updatedAt),
      }),
    );
    if (!record) {
      // As the SQLite store's foreign keys do: the user and the workspace must exist.
      throw new NotFoundError(
        `User ${membership.userId} or workspace ${membership.workspaceId} not found.`,
        { id: membership.workspaceId },
      );
    }
    return toMembership(mapField(record, 'membership'));
  }

  memberships(userId: string): Promise<Membership[]> {
    return this.client.read(async (tx) => {
      const records = await runAll(tx, MEMBERSHIP_LIST, { userId });
      return records.map((r) => toMembership(mapField(r, 'membership')));
    });
  }

  /** Removes these users and their memberships (tests against a shared server). */
  async purge(ids: readonly string[]): Promise<void> {
    await this.client.write((tx) => runAll(tx, USERS_PURGE, { ids: [...ids] }));
  }
}
