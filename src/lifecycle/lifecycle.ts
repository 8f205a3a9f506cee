import { AppError } from '../errors';

/**
 * Where the service is in its life: serving, stopping, draining. `/ready` answers 503 from
 * the moment the shutdown begins, so that load balancers stop sending before the listener
 * closes; once it closes (draining), work that may run long for a request still open (an
 * analyst's Cypher query) is stopped, so that the shutdown need not wait for it (see
 * shutdown.ts).
 */
export class Lifecycle {
  private stopping = false;
  private readonly drain = new AbortController();

  /** True once the shutdown has begun; never false again. */
  get isStopping(): boolean {
    return this.stopping;
  }

  /**
   * Aborted when the listener closes, with a 503 SERVICE_UNAVAILABLE (Retry-After: 1) as its
   * reason: what a request whose work was stopped for the shutdown is answered.
   */
  get draining(): AbortSignal {
    return this.drain.signal;
  }

  /** Marks the beginning of the shutdown. */
  beginStopping(): void {
    this.stopping = true;
  }

  /** Marks the closing of the listener (after beginStopping and the drain delay). */
  beginDraining(): void {
    this.stopping = true;
    if (!this.drain.signal.aborted) {
      this.drain.abort(
        new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'The server is shutting down and stopped this query; send it again (another instance, or this one once restarted, will answer).',
          undefined,
          { 'Retry-After': '1' },
        ),
      );
    }
  }
}
