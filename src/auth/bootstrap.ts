import { randomBytes, randomUUID } from 'node:crypto';
import { SCOPES } from '../domain/scopes';
import type { Plan, Workspace } from '../domain/workspace';
import type { Clock } from '../ports/clock';
import type { WorkspaceStore } from '../ports/workspace-store';
import type { ApiKeyService } from './api-key-service';
import type { UserService } from './user-service';

/** Email of the demo user when BOOTSTRAP_USER_EMAIL is not set. */
export const DEFAULT_DEMO_USER_EMAIL = 'demo@example.com';

export interface BootstrapOptions {
  workspaceId: string | undefined;
  workspaceName: string;
  apiKey: string | undefined;
  plan: Plan;
  /** Demo user's email (BOOTSTRAP_USER_EMAIL); DEFAULT_DEMO_USER_EMAIL when unset. */
  userEmail?: string | undefined;
  /** Demo user's password (BOOTSTRAP_USER_PASSWORD); a random one when unset. */
  userPassword?: string | undefined;
}

/** The demo user's login, printed once. */
export interface DemoUser {
  id: string;
  email: string;
  password: string;
  /** True when the password was generated (and so must be shown). */
  generatedPassword: boolean;
}

export interface BootstrapResult {
  workspace: Workspace;
  apiKeyId: string;
  /** The admin key's secret: printed once, never stored. */
  apiKey: string;
  /** The demo user, when a UserService was given. */
  user: DemoUser | null;
}

/**
 * On an empty store, creates the first workspace, an admin key holding every scope and,
 * given `users`, a demo user who is a member of that workspace with every scope (so the
 * OAuth flow can be tried at once). Returns null when the store already has a workspace,
 * so restarts change nothing.
 */
export async function bootstrapIfEmpty(
  workspaces: WorkspaceStore,
  apiKeys: ApiKeyService,
  clock: Clock,
  options: BootstrapOptions,
  users?: UserService,
): Promise<BootstrapResult | null> {
  if ((await workspaces.count()) > 0) {
    return null;
  }
  return bootstrapWorkspace(workspaces, apiKeys, clock, options, users);
}

/**
 * Creates a workspace with an admin key holding every scope (and, given `users`, the demo
 * user), whatever the store already holds: what `bootstrapIfEmpty` does on an empty store.
 */
export async function bootstrapWorkspace(
  workspaces: WorkspaceStore,
  apiKeys: ApiKeyService,
  clock: Clock,
  options: BootstrapOptions,
  users?: UserService,
): Promise<BootstrapResult> {
  const workspace = await workspaces.create({
    // UUIDs are stored lower-case (RFC 9562 canonical form) whatever case was configured.
    id: (options.workspaceId ?? randomUUID()).toLowerCase(),
    name: options.workspaceName,
    plan: options.plan,
    limits: null,
    createdAt: new Date(clock.now()).toISOString(),
  });
  const created = await apiKeys.create({
    workspaceId: workspace.id,
    name: 'bootstrap admin key',
    scopes: [...SCOPES],
    expiresAt: null,
    createdBy: null,
    creatorScopes: null,
    ...(options.apiKey ? { secret: options.apiKey } : {}),
  });
  const user = users ? await createDemoUser(users, workspace.id, options) : null;
  return { workspace, apiKeyId: created.key.id, apiKey: created.secret, user };
}

async function createDemoUser(
  users: UserService,
  workspaceId: string,
  options: BootstrapOptions,
): Promise<DemoUser> {
  const password = options.userPassword ?? randomBytes(18).toString('base64url');
  const user = await users.create({
    email: options.userEmail ?? DEFAULT_DEMO_USER_EMAIL,
    password,
  });
  await users.putMembership(user.id, workspaceId, [...SCOPES]);
  return {
    id: user.id,
    email: user.email,
    password,
    generatedPassword: options.userPassword === undefined,
  };
}
