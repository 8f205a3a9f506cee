import type { WebhookReceptionService } from '../../webhooks/reception-service';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../../webhooks/limits';
import { sendData } from '../presenters/envelope';
import { readRawBody, requireMediaType } from '../raw-body';
import type { RouteDef } from '../route-table';
import { AppError } from '../../errors';
import type { WebhookOutcome } from '../../metrics/operation-metrics';

/** The outcome of a delivery that ended in an error answer. */
function refusalOutcome(error: unknown): WebhookOutcome {
  if (!(error instanceof AppError)) {
    return 'error';
  }
  switch (error.status) {
    case 404:
      return 'unknown_endpoint';
    case 429:
      return 'throttled';
    case 408:
      return 'timed_out';
    case 400:
    case 401:
    case 413:
    case 415:
      return 'rejected';
    default:
      return 'error';
  }
}

/**
 * POST /api/webhooks/:endpointId: inbound events, authenticated by their signature, not a
 * Bearer token. The route reads the raw body itself (`rawBody`), so the signature is checked
 * on exactly the bytes sent, before anything parses them. Order of checks: unknown endpoint
 * 404, media type 415, the workspace's concurrency limit 429, size 413, body in time 408,
 * signature and timestamp 401, JSON object 400.
 *
 * The processing bound covers the whole delivery from the moment its slot is taken, reading
 * the body included: a body that has not arrived when it passes (or within
 * HTTP_BODY_TIMEOUT_MS, if shorter) is answered 408, and ingestion gets what is left of
 * it. The slot is given back however the request ends, so a sender that trickles its body
 * cannot hold a workspace's slot past the bound.
 */
export function webhookRoutes(deps: {
  reception: WebhookReceptionService;
  bodyTimeoutMs: number;
  /** Counts each delivery's outcome (`webhook_deliveries_total`). */
  delivered: (outcome: WebhookOutcome) => void;
}): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/api/webhooks/:endpointId',
      access: 'public',
      rawBody: true,
      handler: async (req, res) => {
        let outcome: WebhookOutcome = 'error';
        try {
          const connector = await deps.reception.connectorFor(String(req.params.endpointId));
          requireMediaType(req);
          const slot = await deps.reception.acquireSlot(connector);
          // The server's bound on the whole request counts from the headers, this read from
          // the slot, so the server may answer 408 first and close the connection while the
          // read still waits: the slot goes back as soon as any answer is sent.
          const release = () => slot.release();
          res.once('finish', release);
          res.once('close', release);
          try {
            const readWithin = Math.min(deps.bodyTimeoutMs, slot.remainingMs());
            const body = await readRawBody(req, WEBHOOK_BODY_LIMIT_BYTES, readWithin);
            const result = await deps.reception.receive(connector, req.headers, body, slot);
            outcome = result.data.status === 'received' ? 'processed' : result.data.status;
            sendData(res, result.status, result.data);
          } finally {
            slot.release();
          }
        } catch (error) {
          outcome = refusalOutcome(error);
          throw error;
        } finally {
          deps.delivered(outcome);
        }
      },
    },
  ];
}
