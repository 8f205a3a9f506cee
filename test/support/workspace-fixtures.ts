import { randomUUID } from 'node:crypto';
import { SCOPES, type Scope } from '../../src/domain/scopes';
import type { Plan, RateLimits } from '../../src/domain/workspace';
import type { TestApp } from './test-app';

/** A workspace created straight through the stores, with one key in it. */
export interface WorkspaceWithKey {
  workspaceId: string;
  apiKey: string;
  apiKeyId: string;
}

export interface WorkspaceFixtureOptions {
  plan?: Plan;
  /** Own limits (enterprise workspaces). */
  limits?: RateLimits | null;
  /** Scopes of the key; every scope by default. */
  scopes?: Scope[];
}

/**
 * Creates another workspace (a random UUID, so tests never collide) and a key in it, the
 * way an operator would with the CLI: through the container's stores and ApiKeyService.
 */
export async function createWorkspaceWithKey(
  t: TestApp,
  options: WorkspaceFixtureOptions = {},
): Promise<WorkspaceWithKey> {
  const { workspaces } = t.container.deps;
  const workspace = await workspaces.create({
    id: randomUUID(),
    name: `test workspace ${randomUUID().slice(0, 8)}`,
    plan: options.plan ?? 'starter',
    limits: options.limits ?? null,
    createdAt: new Date(t.clock.now()).toISOString(),
  });
  const created = await createKey(t, workspace.id, options.scopes ?? [...SCOPES]);
  return { workspaceId: workspace.id, apiKey: created.secret, apiKeyId: created.id };
}

/** Creates a key in an existing workspace (no creator, like the CLI). */
export async function createKey(
  t: TestApp,
  workspaceId: string,
  scopes: Scope[],
  expiresAt: string | null = null,
): Promise<{ id: string; secret: string }> {
  const created = await t.container.deps.apiKeys.create({
    workspaceId,
    name: `test key ${scopes.join(' ')}`,
    scopes,
    expiresAt,
    createdBy: null,
    creatorScopes: null,
  });
  return { id: created.key.id, secret: created.secret };
}
