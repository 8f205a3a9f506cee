import type { Scope } from '../domain/scopes';
import {
  emailProblem,
  normalizeEmail,
  passwordProblem,
  type Membership,
  type User,
} from '../domain/user';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Page, PageRequest } from '../ports/paging';
import type { UserStore } from '../ports/user-store';
import type { WorkspaceStore } from '../ports/workspace-store';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import { newId } from './secrets';

/** Input of `UserService.create`. */
export interface CreateUserInput {
  email: string;
  password: string;
}

/** Creating users, their memberships, and checking their passwords at sign-in. */
export class UserService {
  constructor(
    private readonly store: UserStore,
    private readonly workspaces: WorkspaceStore,
    private readonly clock: Clock,
  ) {}

  async create(input: CreateUserInput): Promise<User> {
    const email = normalizeEmail(input.email);
    const issues = [
      { path: 'email', message: emailProblem(email) },
      { path: 'password', message: passwordProblem(input.password) },
    ].filter((i): i is { path: string; message: string } => i.message !== null);
    if (issues.length > 0) {
      throw new ValidationError(`Invalid user: ${issues[0]!.path} ${issues[0]!.message}.`, issues);
    }
    const user = await this.store.create({
      id: newId('usr'),
      email,
      passwordHash: await hashPassword(input.password),
      createdAt: new Date(this.clock.now()).toISOString(),
    });
    if (!user) {
      throw new ConflictError(`A user with the email ${email} already exists.`, { email });
    }
    return user;
  }

  list(page: PageRequest): Promise<Page<User>> {
    return this.store.list(page);
  }

  async get(id: string): Promise<User> {
    const user = await this.store.get(id);
    if (!user) {
      throw new NotFoundError(`User ${id} not found.`);
    }
    return user;
  }

  /** A user by id or email (the CLI accepts either). */
  async find(idOrEmail: string): Promise<User> {
    if (idOrEmail.includes('@')) {
      const found = await this.store.findByEmail(normalizeEmail(idOrEmail));
      if (!found) {
        throw new NotFoundError(`No user has the email ${normalizeEmail(idOrEmail)}.`);
      }
      const { passwordHash: _hash, ...user } = found;
      return user;
    }
    return this.get(idOrEmail);
  }

  /**
   * Makes the user a member of the workspace with these scopes, or replaces the scopes of
   * an existing membership. Tokens already issued follow the new scopes at once.
   */
  async putMembership(userId: string, workspaceId: string, scopes: Scope[]): Promise<Membership> {
    await this.get(userId);
    if (!(await this.workspaces.get(workspaceId))) {
      throw new NotFoundError(`Workspace ${workspaceId} not found.`);
    }
    if (scopes.length === 0) {
      throw new ValidationError('A membership needs at least one scope.', [
        { path: 'scopes', message: 'at least one scope is required' },
      ]);
    }
    const now = new Date(this.clock.now()).toISOString();
    return this.store.putMembership({
      userId,
      workspaceId,
      scopes: [...new Set(scopes)],
      createdAt: now,
      updatedAt: now,
    });
  }

  memberships(userId: string): Promise<Membership[]> {
    return this.store.memberships(userId);
  }

  /**
   * The user with this email and password, or null. Takes as long for an unknown email as
   * for a wrong password.
   */
  async authenticate(email: string, password: string): Promise<User | null> {
    const found = await this.store.findByEmail(normalizeEmail(email));
    if (!found) {
      return verifyNothing(password).then(() => null);
    }
    if (!(await verifyPassword(password, found.passwordHash))) {
      return null;
    }
    const { passwordHash: _hash, ...user } = found;
    return user;
  }
}
