import { z } from 'zod';
import type { ApiKeyService } from '../../auth/api-key-service';
import { SCOPES } from '../../domain/scopes';
import { parsePage } from '../paging';
import { presentApiKey } from '../presenters/api-keys';
import { sendData, sendPage } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const createBody = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
    scopes: z
      .array(z.enum(SCOPES, { message: `must be one of ${SCOPES.join(', ')}` }))
      .min(1, 'at least one scope is required'),
    expiresAt: z.iso
      .datetime({ offset: true, message: 'must be an ISO-8601 date-time' })
      .nullable()
      .optional(),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(100) });

/** API key management for the request's workspace (scope `admin`). */
export function apiKeyRoutes(deps: { apiKeys: ApiKeyService }): RouteDef[] {
  const access = { workspace: 'required', scope: 'admin' } as const;
  return [
    {
      method: 'post',
      path: '/api/api-keys',
      access,
      handler: async (req, res) => {
        const { workspaceId, principal } = workspaceOf(req.ctx);
        const body = parseInput(createBody, req.body, 'body');
        const created = await deps.apiKeys.create({
          workspaceId,
          name: body.name,
          scopes: body.scopes,
          expiresAt: body.expiresAt ?? null,
          createdBy: principal.actorId,
          creatorScopes: req.ctx.scopes ?? [],
        });
        res.setHeader('Location', `/api/api-keys/${created.key.id}`);
        res.setHeader('Cache-Control', 'no-store');
        sendData(res, 201, { ...presentApiKey(created.key), secret: created.secret });
      },
    },
    {
      method: 'get',
      path: '/api/api-keys',
      access,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const page = parsePage(req.query);
        const result = await deps.apiKeys.list(workspaceId, page);
        sendPage(res, result.items.map(presentApiKey), result.total, page);
      },
    },
    {
      method: 'get',
      path: '/api/api-keys/:id',
      access,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        sendData(res, 200, presentApiKey(await deps.apiKeys.get(workspaceId, id)));
      },
    },
    {
      method: 'delete',
      path: '/api/api-keys/:id',
      access,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        await deps.apiKeys.revoke(workspaceId, id);
        res.status(204).end();
      },
    },
  ];
}
