import { eventNodeId, type Connector, type WebhookEvent } from '../domain/webhooks';
import { AppError, ServiceUnavailableError } from '../errors';
import type { Clock } from '../ports/clock';
import type { ConnectorStore } from '../ports/connector-store';
import type { EventIngestor } from './event-ingestor';

/** Raised (as the abort reason) when ingestion runs past the processing bound. */
export class ProcessingTimeoutError extends Error {
  constructor(readonly boundMs: number) {
    super(`processing exceeded the ${boundMs} ms bound`);
    this.name = 'ProcessingTimeoutError';
  }
}

/**
 * Runs `work` with a time bound. Past it, the signal is aborted (so the work starts no
 * further step) and the returned promise rejects with ProcessingTimeoutError. A step already
 * running cannot be cancelled; it may still complete later, which ingestion tolerates (its
 * ids are derived from the delivery).
 */
export async function withDeadline<T>(
  boundMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new ProcessingTimeoutError(boundMs);
      controller.abort(error);
      reject(error);
    }, boundMs);
  });
  const running = work(controller.signal);
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
    // An abandoned attempt's late failure is expected; it must not surface as unhandled.
    running.catch(() => undefined);
  }
}

/** A safe, user-visible reason for a failed ingestion: never a store's error text. */
function failureReason(error: unknown): string {
  if (error instanceof ProcessingTimeoutError) {
    return error.message;
  }
  if (error instanceof AppError) {
    return `ingestion failed: ${error.message}`;
  }
  return 'ingestion failed with an internal error';
}

/**
 * Ingests a claimed (`received`) event within the processing bound and records the
 * outcome. On failure the event is `failed` with the reason, and the error thrown is a
 * 503 SERVICE_UNAVAILABLE (bound exceeded) or a generic 500: a webhook sender retries
 * both, and the retry is accepted because a failed event does not hold its delivery.
 */
export class EventProcessor {
  constructor(
    private readonly store: ConnectorStore,
    private readonly ingestor: EventIngestor,
    private readonly clock: Clock,
    readonly boundMs: number,
  ) {}

  async process(
    connector: Connector,
    event: WebhookEvent,
    payload: Record<string, unknown>,
  ): Promise<WebhookEvent> {
    const nodeId = eventNodeId(connector.id, event.deliveryId ?? event.signatureKey ?? event.id);
    try {
      await withDeadline(this.boundMs, (signal) =>
        this.ingestor.ingest({ connector, event, payload, nodeId, signal }),
      );
    } catch (error) {
      const reason = failureReason(error);
      const failed = await this.store.finishEvent(event.workspaceId, event.id, {
        status: 'failed',
        reason,
        at: this.now(),
      });
      const details = { eventId: event.id, status: failed?.status ?? 'failed', reason };
      if (error instanceof ProcessingTimeoutError) {
        throw new ServiceUnavailableError(`Event ${event.id} failed: ${reason}.`, details, 5);
      }
      throw new Error(`ingestion of webhook event ${event.id} failed`, { cause: error });
    }
    const processed = await this.store.finishEvent(event.workspaceId, event.id, {
      status: 'processed',
      nodeId,
      at: this.now(),
    });
    if (!processed) {
      // Only a concurrent `failInterrupted` could have moved it; the node exists, so say so.
      throw new Error(`webhook event ${event.id} left the received state while being processed`);
    }
    return processed;
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
