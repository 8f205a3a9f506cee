import { AppError } from '../errors';

/** Largest webhook body accepted: 1 MiB (spec: Limits, "payload size 1 MB maximum"). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1_048_576;

/** 429 when a workspace already has its limit of deliveries in progress. */
export class WebhookConcurrencyError extends AppError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      429,
      'RATE_LIMITED',
      `This workspace already has ${limit} webhook deliveries in progress (its limit); ` +
        `retry in ${retryAfterSeconds} s.`,
      { limit, retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/**
 * Deliveries in progress per workspace (spec: "concurrent requests limited per
 * workspace"). In memory, so the limit holds per service process: with N instances behind
 * a load balancer a workspace may have up to N times the limit in flight.
 */
export class WorkspaceConcurrencyLimiter {
  private readonly inFlight = new Map<string, number>();

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError('the concurrency limit must be a positive integer');
    }
  }

  /**
   * Takes a slot of the workspace, or throws 429 when all are taken. The returned
   * function gives the slot back; calling it more than once is harmless.
   */
  acquire(workspaceId: string): () => void {
    const current = this.inFlight.get(workspaceId) ?? 0;
    if (current >= this.limit) {
      throw new WebhookConcurrencyError(this.limit, 1);
    }
    this.inFlight.set(workspaceId, current + 1);
    let released = false;
    return () => {
      if (released) {
        return;
      }
      released = true;
      const left = (this.inFlight.get(workspaceId) ?? 1) - 1;
      if (left <= 0) {
        this.inFlight.delete(workspaceId);
      } else {
        this.inFlight.set(workspaceId, left);
      }
    };
  }

  /** Deliveries of the workspace in progress now. */
  inProgress(workspaceId: string): number {
    return this.inFlight.get(workspaceId) ?? 0;
  }
}

/**
 * How many rejected attempts per connector and minute are written to the event history.
 * Rejections past the budget are still answered (401/400) but not stored, so a flood of
 * forged requests cannot fill the store. Fixed one-minute windows, in memory.
 */
export class RejectionBudget {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(readonly perMinute: number) {}

  /** True when one more rejection of `connectorId` may be recorded now (and counts it). */
  take(connectorId: string, nowMs: number): boolean {
    const start = nowMs - (nowMs % 60_000);
    const window = this.windows.get(connectorId);
    if (!window || window.start !== start) {
      if (this.windows.size > 10_000) {
        this.prune(start);
      }
      this.windows.set(connectorId, { start, used: 1 });
      return this.perMinute >= 1;
    }
    window.used += 1;
    return window.used <= this.perMinute;
  }

  private prune(currentStart: number): void {
    for (const [id, window] of this.windows) {
      if (window.start !== currentStart) {
        this.windows.delete(id);
      }
    }
  }
}
