import type { WorkspaceStore } from '../../ports/workspace-store';
import { parsePage } from '../paging';
import { sendData, sendPage } from '../presenters/envelope';
import { presentWorkspace } from '../presenters/workspaces';
import { principalOf } from '../request-context';
import type { RouteDef } from '../route-table';

/** `/api/me` and `/api/workspaces`: global routes, no x-workspace-id needed. */
export function meRoutes(deps: { workspaces: WorkspaceStore }): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/api/me',
      access: { workspace: 'none' },
      handler: (req, res) => {
        const principal = principalOf(req.ctx);
        sendData(res, 200, {
          kind: principal.kind,
          actorId: principal.actorId,
          credentialId: principal.credentialId,
          name: principal.displayName,
          homeWorkspaceId: principal.homeWorkspaceId,
          workspaces: [...principal.workspaces].map(([id, scopes]) => ({ id, scopes })),
        });
      },
    },
    {
      method: 'get',
      path: '/api/workspaces',
      access: { workspace: 'none' },
      handler: async (req, res) => {
        const principal = principalOf(req.ctx);
        const page = parsePage(req.query);
        const result = await deps.workspaces.listByIds([...principal.workspaces.keys()], page);
        sendPage(
          res,
          result.items.map((w) => presentWorkspace(w, principal.workspaces.get(w.id))),
          result.total,
          page,
        );
      },
    },
  ];
}
