import type { Scope } from '../domain/scopes';
import type { Membership, User } from '../domain/user';
import type { RecordFields } from './record-fields';
import type { UserWithPassword } from './user-store';

/**
 * The mapping from stored users and memberships to the domain's, shared by every engine:
 * each engine only reads its fields (`RecordFields`).
 */

/** A user, the password hash left out. */
export function readUser(r: RecordFields): User {
  return { id: r.text('id'), email: r.text('email'), createdAt: r.time('createdAt') };
}

/** A user with the password hash, for sign-in only. */
export function readUserWithPassword(r: RecordFields): UserWithPassword {
  return { ...readUser(r), passwordHash: r.text('passwordHash') };
}

/** A user's membership of a workspace. */
export function readMembership(r: RecordFields): Membership {
  return {
    userId: r.text('userId'),
    workspaceId: r.text('workspaceId'),
    scopes: r.textList('scopes') as Scope[],
    createdAt: r.time('createdAt'),
    updatedAt: r.time('updatedAt'),
  };
}
