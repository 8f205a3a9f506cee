import type { Connector, WebhookEvent } from '../domain/webhooks';
import { AppError, ConflictError, ServiceUnavailableError } from '../errors';
import type { Clock } from '../ports/clock';
import type { ConnectorStore, NewDelivery } from '../ports/connector-store';
import type { EventIngestor } from './event-ingestor';

/** Raised (as the abort reason) when ingestion runs past the processing bound. */
export class ProcessingTimeoutError extends Error {
  constructor(readonly boundMs: number) {
    super(`processing exceeded the ${boundMs} ms bound`);
    this.name = 'ProcessingTimeoutError';
  }
}

/**
 * Runs `work` with a time bound, `boundMs`, of which `leftMs` remain (less than the whole
 * when the bound started earlier, with the request). Past it, the signal is aborted (so the
 * work starts no further step) and the returned promise rejects with
 * ProcessingTimeoutError. A step already running cannot be cancelled; it may still complete
 * later, which ingestion tolerates (a late transaction cannot commit once the event is
 * recorded failed).
 */
export async function withDeadline<T>(
  boundMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  leftMs: number = boundMs,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new ProcessingTimeoutError(boundMs);
      controller.abort(error);
      reject(error);
    }, leftMs);
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
 * Ingests events within the processing bound and records failures. A failed ingestion
 * leaves the event `failed` with the reason, and the error thrown is a 503
 * SERVICE_UNAVAILABLE (bound exceeded) or a generic 500: a webhook sender retries both, and
 * the retry is accepted because a failed event does not hold its delivery. When the
 * attempt's transaction committed after all (just before its failure was recorded), the
 * event it committed is the answer.
 */
export class EventProcessor {
  constructor(
    private readonly store: ConnectorStore,
    private readonly ingestor: EventIngestor,
    private readonly clock: Clock,
    readonly boundMs: number,
  ) {}

  /**
   * A new delivery: `processed` with its node, or a `duplicate` of the event holding it.
   * `leftMs` is what remains of the bound, which started with the request.
   */
  async receive(
    connector: Connector,
    delivery: NewDelivery,
    payload: Record<string, unknown>,
    leftMs: number = this.boundMs,
  ): Promise<WebhookEvent> {
    try {
      return await withDeadline(
        this.boundMs,
        (signal) => this.ingestor.ingestDelivery({ connector, delivery, payload, signal }),
        leftMs,
      );
    } catch (error) {
      const reason = failureReason(error);
      const recorded = await this.store.recordFailure(delivery, reason, this.now());
      if (recorded.status !== 'failed') {
        return recorded;
      }
      throw failure(error, recorded, reason);
    }
  }

  /** A failed event claimed back to `received`: `processed` with its node, or an error. */
  async replay(
    connector: Connector,
    event: WebhookEvent,
    payload: Record<string, unknown>,
  ): Promise<WebhookEvent> {
    try {
      return await withDeadline(this.boundMs, (signal) =>
        this.ingestor.ingestReplay({ connector, event, payload, signal }),
      );
    } catch (error) {
      const reason = failureReason(error);
      const failed = await this.store.finishEvent(event.workspaceId, event.id, {
        status: 'failed',
        reason,
        at: this.now(),
      });
      if (!failed) {
        // Not `received` any more: the attempt committed (`processed`) just before.
        const current = await this.store.getEvent(event.workspaceId, event.connectorId, event.id);
        if (current?.status === 'processed') {
          const { payload: _payload, ...processed } = current;
          return processed;
        }
      }
      throw failure(error, failed ?? event, reason);
    }
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** The error a failed ingestion answers with (see EventProcessor). */
function failure(error: unknown, event: WebhookEvent, reason: string): Error {
  if (error instanceof ProcessingTimeoutError) {
    const details = { eventId: event.id, status: 'failed', reason };
    return new ServiceUnavailableError(`Event ${event.id} failed: ${reason}.`, details, 5);
  }
  if (error instanceof AppError && (error.status === 400 || error.status === 409)) {
    // The event's node breaks the workspace's ontology (its types): sending it again cannot
    // help until the ontology changes, so it is no 5xx that invites retries. The event is
    // kept failed and can be replayed.
    const details = { eventId: event.id, status: 'failed', reason };
    return new ConflictError(
      `Event ${event.id} failed: ${reason}. It is kept as failed; replay it once the ontology allows it.`,
      details,
    );
  }
  return new Error(`ingestion of webhook event ${event.id} failed`, { cause: error });
}
