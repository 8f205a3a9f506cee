import type { Membership, User } from '../domain/user';
import type { Page, PageRequest } from './paging';

/** A user to create: the password only as its scrypt hash. */
export interface NewUser extends User {
  passwordHash: string;
}

/** A user together with the stored password hash, for sign-in only. */
export interface UserWithPassword extends User {
  passwordHash: string;
}

/**
 * Persistence of users and their workspace memberships. Implemented by every system-store
 * engine (SQLite, Neo4j); `test/contract/oauth/oauth-store.contract.ts` is the behaviour each
 * must show.
 */
export interface UserStore {
  /** Creates a user; null when the (normalized) email is taken. */
  create(user: NewUser): Promise<User | null>;
  get(id: string): Promise<User | null>;
  /** Looks a user up by normalized email, with the password hash. */
  findByEmail(email: string): Promise<UserWithPassword | null>;
  /** Every user, oldest first (ties by id). */
  list(page: PageRequest): Promise<Page<User>>;
  /**
   * Creates the membership, or replaces the scopes of an existing one (keeping its
   * `createdAt`). The user and the workspace must exist.
   */
  putMembership(membership: Membership): Promise<Membership>;
  /** The user's memberships, oldest first (ties by workspace id). */
  memberships(userId: string): Promise<Membership[]>;
}
