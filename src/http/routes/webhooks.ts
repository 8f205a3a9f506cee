import type { WebhookReceptionService } from '../../webhooks/reception-service';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../../webhooks/limits';
import { sendData } from '../presenters/envelope';
import { readRawBody, requireJsonMediaType } from '../raw-body';
import type { RouteDef } from '../route-table';

/**
 * POST /api/webhooks/:endpointId: inbound events, authenticated by their signature, not a
 * Bearer token. The route reads the raw body itself (`rawBody`), so the signature is checked
 * on exactly the bytes sent, before anything parses them. Order of checks: unknown endpoint
 * 404, media type 415, the workspace's concurrency limit 429, size 413, signature and
 * timestamp 401, JSON object 400.
 */
export function webhookRoutes(deps: { reception: WebhookReceptionService }): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/webhooks/:endpointId',
      access: 'public',
      rawBody: true,
      handler: async (req, res) => {
        const connector = await deps.reception.connectorFor(String(req.params.endpointId));
        requireJsonMediaType(req);
        const release = deps.reception.acquireSlot(connector);
        try {
          const body = await readRawBody(req, WEBHOOK_BODY_LIMIT_BYTES);
          const result = await deps.reception.receive(connector, req.headers, body);
          sendData(res, result.status, result.data);
        } finally {
          release();
        }
      },
    },
  ];
}
