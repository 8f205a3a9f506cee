import type { Request, Response } from 'express';
import { z } from 'zod';
import { typeName } from '../../domain/properties';
import {
  CONNECTOR_TYPES,
  DEFAULT_EVENT_ENTITY_TYPE,
  EVENT_STATUSES,
  payloadJson,
  type Connector,
  type StoredWebhookEvent,
} from '../../domain/webhooks';
import type { ConnectorService } from '../../webhooks/connector-service';
import { noBody, rotateSecretBody } from '../common-bodies';
import { parsePage } from '../paging';
import { presentConnector, presentWebhookEvent } from '../presenters/connectors';
import { sendData, sendDataWithRawJson, sendPage } from '../presenters/envelope';
import { workspaceOf } from '../request-context';
import type { RouteDef } from '../route-table';
import { parseInput } from '../../parse-input';

const createBody = z
  .object({
    type: z.enum(CONNECTOR_TYPES, { message: `must be ${CONNECTOR_TYPES.join(' or ')}` }),
    name: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
    entityType: typeName('entityType').optional(),
  })
  .strict();

const idParams = z.object({ id: z.string().min(1).max(100) });
const eventParams = z.object({
  id: z.string().min(1).max(100),
  eventId: z.string().min(1).max(100),
});

const eventsQuery = z
  .object({
    status: z
      .enum(EVENT_STATUSES, { message: `must be one of ${EVENT_STATUSES.join(', ')}` })
      .optional(),
    limit: z.string().optional(),
    offset: z.string().optional(),
  })
  .strict();

/** Where senders post: PUBLIC_URL when configured, else the origin the client called. */
function receptionUrl(req: Request, publicUrl: string | undefined, endpointId: string): string {
  const base = publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  return `${base.replace(/\/+$/, '')}/api/webhooks/${endpointId}`;
}

/**
 * An event with its payload: the stored JSON text is written into the answer as it is, not
 * parsed and serialised again, so every stored event can be read whatever its nesting
 * (events stored before the nesting limit may exceed it). Text that does not parse (a
 * damaged record) is shown as null rather than breaking the answer.
 */
function sendEventWithPayload(res: Response, event: StoredWebhookEvent): void {
  const text = payloadJson(event);
  const valid = text !== null && parsesAsJson(text);
  sendDataWithRawJson(res, 200, presentWebhookEvent(event), 'payload', valid ? text : 'null');
}

function parsesAsJson(text: string): boolean {
  try {
    // JSON.parse does not recurse, whatever the nesting.
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Connector management (docs/webhooks.md): read:connectors for reads, write:connectors
 * for changes. Secrets appear only in the answers to create and rotate-secret.
 */
export function connectorRoutes(deps: {
  connectors: ConnectorService;
  publicUrl: string | undefined;
}): RouteDef[] {
  const read = { workspace: 'required', scope: 'read:connectors' } as const;
  const write = { workspace: 'required', scope: 'write:connectors' } as const;
  const url = (req: Request, c: Connector) => receptionUrl(req, deps.publicUrl, c.endpointId);
  return [
    {
      method: 'post',
      path: '/api/connectors',
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const body = parseInput(createBody, req.body, 'body');
        const { connector, secret } = await deps.connectors.create({
          workspaceId,
          type: body.type,
          name: body.name,
          entityType: body.entityType ?? DEFAULT_EVENT_ENTITY_TYPE,
        });
        res.setHeader('Location', `/api/connectors/${connector.id}`);
        res.setHeader('Cache-Control', 'no-store');
        sendData(res, 201, { ...presentConnector(connector, url(req, connector)), secret });
      },
    },
    {
      method: 'get',
      path: '/api/connectors',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const page = parsePage(req.query);
        const result = await deps.connectors.list(workspaceId, page);
        sendPage(
          res,
          result.items.map((c) => presentConnector(c, url(req, c))),
          result.total,
          page,
        );
      },
    },
    {
      method: 'get',
      path: '/api/connectors/:id',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const connector = await deps.connectors.get(workspaceId, id);
        sendData(res, 200, presentConnector(connector, url(req, connector)));
      },
    },
    {
      method: 'delete',
      path: '/api/connectors/:id',
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        await deps.connectors.delete(workspaceId, id);
        res.status(204).end();
      },
    },
    {
      method: 'post',
      path: '/api/connectors/:id/rotate-secret',
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const body = parseInput(rotateSecretBody, req.body, 'body');
        const { connector, secret } = await deps.connectors.rotateSecret(
          workspaceId,
          id,
          body?.gracePeriodSeconds,
        );
        res.setHeader('Cache-Control', 'no-store');
        sendData(res, 200, { ...presentConnector(connector, url(req, connector)), secret });
      },
    },
    {
      method: 'get',
      path: '/api/connectors/:id/events',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id } = parseInput(idParams, req.params, 'params');
        const query = parseInput(eventsQuery, req.query, 'query');
        const page = parsePage(req.query);
        const filter = query.status === undefined ? {} : { status: query.status };
        const result = await deps.connectors.listEvents(workspaceId, id, filter, page);
        sendPage(res, result.items.map(presentWebhookEvent), result.total, page);
      },
    },
    {
      method: 'get',
      path: '/api/connectors/:id/events/:eventId',
      access: read,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id, eventId } = parseInput(eventParams, req.params, 'params');
        const event = await deps.connectors.getEvent(workspaceId, id, eventId);
        sendEventWithPayload(res, event);
      },
    },
    {
      method: 'post',
      path: '/api/connectors/:id/events/:eventId/replay',
      access: write,
      handler: async (req, res) => {
        const { workspaceId } = workspaceOf(req.ctx);
        const { id, eventId } = parseInput(eventParams, req.params, 'params');
        parseInput(noBody, req.body, 'body');
        const event = await deps.connectors.replay(workspaceId, id, eventId);
        sendData(res, 200, presentWebhookEvent(event));
      },
    },
  ];
}
