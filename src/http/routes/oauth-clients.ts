import { z } from 'zod';
import type { OAuthClientService } from '../../auth/oauth/client-service';
import { MAX_CLIENT_NAME_LENGTH } from '../../auth/oauth/client-service';
import { redirectUriProblem } from '../../domain/oauth';
import { SCOPES } from '../../domain/scopes';
import { parsePage } from '../paging';
import { sendData, sendPage } from '../presenters/envelope';
import { presentOAuthClient } from '../presenters/oauth-clients';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const createBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_CLIENT_NAME_LENGTH, `at most ${MAX_CLIENT_NAME_LENGTH} characters`),
    redirectUri: z.string().superRefine((uri, ctx) => {
      const problem = redirectUriProblem(uri);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
      }
    }),
    scopes: z
      .array(z.enum(SCOPES, { message: `must be one of ${SCOPES.join(', ')}` }))
      .min(1, 'at least one scope is required'),
  })
  .strict();

const idParams = z.object({ clientId: z.string().min(1).max(100) });

/**
 * Registration of OAuth client applications (scope `admin`). A client belongs to the
 * workspace that registered it: only that workspace lists, reads and deletes it, while
 * any user may authorize it for their own workspaces (docs/oauth.md).
 */
export function oauthClientRoutes(deps: { clients: OAuthClientService }): RouteDef[] {
  const access = { workspace: 'required', scope: 'admin' } as const;
  return [
    {
      method: 'post',
      path: '/api/oauth/clients',
      access,
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const body = parseInput(createBody, req.body, 'body');
        const client = await deps.clients.register({
          workspaceId,
          name: body.name,
          redirectUri: body.redirectUri,
          scopes: body.scopes,
          createdBy: principal.actorId,
        });
        res.setHeader('Location', `/api/oauth/clients/${client.id}`);
        sendData(res, 201, presentOAuthClient(client));
      },
    },
    {
      method: 'get',
      path: '/api/oauth/clients',
      access,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const page = parsePage(req.query);
        const result = await deps.clients.list(workspaceId, page);
        sendPage(res, result.items.map(presentOAuthClient), result.total, page);
      },
    },
    {
      method: 'get',
      path: '/api/oauth/clients/:clientId',
      access,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { clientId } = parseInput(idParams, req.params, 'params');
        sendData(res, 200, presentOAuthClient(await deps.clients.get(workspaceId, clientId)));
      },
    },
    {
      method: 'delete',
      path: '/api/oauth/clients/:clientId',
      access,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { clientId } = parseInput(idParams, req.params, 'params');
        await deps.clients.delete(workspaceId, clientId);
        res.status(204).end();
      },
    },
  ];
}
