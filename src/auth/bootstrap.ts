import { randomUUID } from 'node:crypto';
import { SCOPES } from '../domain/scopes';
import type { Plan, Workspace } from '../domain/workspace';
import type { Clock } from '../ports/clock';
import type { WorkspaceStore } from '../ports/workspace-store';
import type { ApiKeyService } from './api-key-service';

export interface BootstrapOptions {
  workspaceId: string | undefined;
  workspaceName: string;
  apiKey: string | undefined;
  plan: Plan;
}

export interface BootstrapResult {
  workspace: Workspace;
  apiKeyId: string;
  /** The admin key's secret: printed once, never stored. */
  apiKey: string;
}

/**
 * On an empty store, creates the first workspace and an admin key holding every scope.
 * Returns null when the store already has a workspace, so restarts change nothing.
 */
export async function bootstrapIfEmpty(
  workspaces: WorkspaceStore,
  apiKeys: ApiKeyService,
  clock: Clock,
  options: BootstrapOptions,
): Promise<BootstrapResult | null> {
  if ((await workspaces.count()) > 0) {
    return null;
  }
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
  return { workspace, apiKeyId: created.key.id, apiKey: created.secret };
}
