import type { Workspace } from '../../domain/workspace';

/**
 * A workspace as the API shows it (openapi `Workspace`): `scopes` are the caller's in it,
 * present when the caller is known.
 */
export type WorkspaceView = Pick<Workspace, 'id' | 'name' | 'plan' | 'limits' | 'createdAt'> & {
  scopes?: readonly string[];
};

/** The public shape of a workspace, with the caller's scopes in it when given. */
export function presentWorkspace(workspace: Workspace, scopes?: readonly string[]): WorkspaceView {
  return {
    id: workspace.id,
    name: workspace.name,
    plan: workspace.plan,
    limits: workspace.limits,
    createdAt: workspace.createdAt,
    ...(scopes ? { scopes } : {}),
  };
}
