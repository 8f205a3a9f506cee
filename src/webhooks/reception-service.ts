import { newEventId, type Connector, type EventStatus } from '../domain/webhooks';
import { MAX_JSON_DEPTH, nestingIssue } from '../domain/json-nesting';
import {
  AppError,
  InvalidJsonError,
  JsonTooDeepError,
  NotFoundError,
  ValidationError,
} from '../errors';
import type { Clock } from '../ports/clock';
import type { ConnectorStore } from '../ports/connector-store';
import type { EventProcessor } from './event-processor';
import { RejectionBudget, WorkspaceConcurrencyLimiter } from './limits';
import {
  detectScheme,
  headerValue,
  verifyDelivery,
  type CandidateSecrets,
  type HeaderBag,
  type VerifiedDelivery,
} from './verify-signature';

/** What reception answers: 202 for an accepted event, 200 for a duplicate. */
export interface ReceptionResult {
  status: 200 | 202;
  data: {
    eventId: string;
    status: EventStatus;
    nodeId: string | null;
    duplicateOf: string | null;
  };
}

/** A delivery in progress: its workspace slot and what is left of its processing bound. */
export interface DeliverySlot {
  /** Milliseconds left of the processing bound (0 once it has passed). */
  remainingMs(): number;
  /** Gives the slot back; calling it more than once is harmless. */
  release(): void;
}

export interface ReceptionOptions {
  concurrencyPerWorkspace: number;
  rejectedRecordsPerMinute: number;
}

/** Sender event ids: 1 to 255 visible ASCII characters, like an Idempotency-Key. */
const DELIVERY_ID = /^[\x21-\x7e]{1,255}$/;

/** The secrets that may sign a request for `connector` at `nowMs`. */
export function candidateSecrets(connector: Connector, nowMs: number): CandidateSecrets {
  const graceOver =
    connector.previousSecretExpiresAt === null ||
    Date.parse(connector.previousSecretExpiresAt) <= nowMs;
  return { current: connector.secret, previous: graceOver ? null : connector.previousSecret };
}

/**
 * The signature key that identifies a delivery besides its id. A signature that covers the
 * id authenticates it, and the id alone then identifies the message (the Standard Webhooks
 * rule): the same bytes in the same second under another id are another event, and the
 * same id again is a duplicate whatever its bytes. An id outside the signature is only the
 * sender's claim, so the timestamp and signature identify the request as well: a captured
 * request sent again under another id is still a duplicate.
 */
function replayKey(verified: VerifiedDelivery): string | null {
  return verified.idSigned ? null : verified.signatureKey;
}

/**
 * The body as a JSON object, or a 400 naming what is wrong with it. A body nested deeper than
 * MAX_JSON_DEPTH is refused here, before ingestion serialises it into the event's node.
 */
function parseObject(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new InvalidJsonError('The webhook body is not valid UTF-8 JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ValidationError('The webhook body must be a JSON object.', [
      { path: 'body', message: 'must be a JSON object' },
    ]);
  }
  const tooDeep = nestingIssue(parsed, 'body');
  if (tooDeep) {
    throw new JsonTooDeepError('The webhook body', tooDeep, MAX_JSON_DEPTH);
  }
  return parsed as Record<string, unknown>;
}

/**
 * Inbound webhook requests (docs/webhooks.md): endpoint lookup, the per-workspace
 * concurrency limit, signature and timestamp verification on the raw bytes, replay
 * protection, and ingestion through the EventProcessor. HTTP concerns (media type, reading
 * the body within its limit) stay in the route.
 */
export class WebhookReceptionService {
  private readonly limiter: WorkspaceConcurrencyLimiter;
  private readonly rejections: RejectionBudget;

  constructor(
    private readonly store: ConnectorStore,
    private readonly processor: EventProcessor,
    private readonly clock: Clock,
    options: ReceptionOptions,
  ) {
    this.limiter = new WorkspaceConcurrencyLimiter(options.concurrencyPerWorkspace);
    this.rejections = new RejectionBudget(options.rejectedRecordsPerMinute);
  }

  /** The connector behind a reception URL, or 404. */
  async connectorFor(endpointId: string): Promise<Connector> {
    const connector = await this.store.findConnectorByEndpoint(endpointId);
    if (!connector) {
      throw new NotFoundError('No webhook endpoint with this id.');
    }
    return connector;
  }

  /**
   * Takes one of the connector's workspace's delivery slots (429 when none is free) and
   * starts the delivery's processing bound, which counts from now.
   */
  acquireSlot(connector: Connector): DeliverySlot {
    const release = this.limiter.acquire(connector.workspaceId);
    const deadline = performance.now() + this.processor.boundMs;
    return { release, remainingMs: () => Math.max(0, Math.ceil(deadline - performance.now())) };
  }

  /** Deliveries of the workspace in progress now (for tests and operators). */
  inProgress(workspaceId: string): number {
    return this.limiter.inProgress(workspaceId);
  }

  /**
   * Verifies, records and ingests one request whose raw body has been read, within what is
   * left of `slot`'s processing bound. Rejections (401, 400) are recorded without the
   * payload, within the rejection budget, and thrown.
   */
  async receive(
    connector: Connector,
    headers: HeaderBag,
    body: Buffer,
    slot: DeliverySlot,
  ): Promise<ReceptionResult> {
    const nowMs = this.clock.now();
    let verified: VerifiedDelivery;
    let payload: Record<string, unknown>;
    try {
      verified = verifyDelivery(headers, body, candidateSecrets(connector, nowMs), nowMs);
      if (verified.deliveryId !== null && !DELIVERY_ID.test(verified.deliveryId)) {
        const header = verified.scheme === 'x-webhook' ? 'x-webhook-id' : 'webhook-id';
        throw new ValidationError('The event id must be 1-255 visible ASCII characters.', [
          { path: `headers.${header}`, message: 'must be 1-255 visible ASCII characters' },
        ]);
      }
      payload = parseObject(body);
    } catch (error) {
      if (error instanceof AppError) {
        await this.recordRejected(connector, headers, body.length, error.message, nowMs);
      }
      throw error;
    }

    const receivedAt = new Date(nowMs).toISOString();
    const event = await this.processor.receive(
      connector,
      {
        id: newEventId(nowMs),
        workspaceId: connector.workspaceId,
        connectorId: connector.id,
        scheme: verified.scheme,
        deliveryId: verified.deliveryId,
        signatureKey: replayKey(verified),
        signedAt: new Date(verified.timestamp * 1000).toISOString(),
        receivedAt,
        payload: body.toString('utf8'),
        payloadBytes: body.length,
      },
      payload,
      slot.remainingMs(),
    );
    return {
      status: event.status === 'duplicate' ? 200 : 202,
      data: {
        eventId: event.id,
        status: event.status,
        nodeId: event.nodeId,
        duplicateOf: event.duplicateOf,
      },
    };
  }

  private async recordRejected(
    connector: Connector,
    headers: HeaderBag,
    payloadBytes: number,
    reason: string,
    nowMs: number,
  ): Promise<void> {
    if (!this.rejections.take(connector.id, nowMs)) {
      return;
    }
    const claimedId = headerValue(headers, 'x-webhook-id') ?? headerValue(headers, 'webhook-id');
    await this.store.recordRejected({
      id: newEventId(nowMs),
      workspaceId: connector.workspaceId,
      connectorId: connector.id,
      scheme: detectScheme(headers),
      // Unverified, so only kept when it looks like an id; never used for replay checks.
      deliveryId: claimedId !== undefined && DELIVERY_ID.test(claimedId) ? claimedId : null,
      receivedAt: new Date(nowMs).toISOString(),
      reason,
      payloadBytes,
    });
  }
}
