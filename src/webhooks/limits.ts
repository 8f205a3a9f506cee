import { AppError } from '../errors';
import type { LeaseStore } from '../ports/lease-store';

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

/** How long a slot is held without renewal: a slot of an instance that died frees this late. */
export const SLOT_LEASE_MS = 10_000;
/** How often a delivery in progress renews its slot. */
const SLOT_RENEW_EVERY_MS = 3_000;

/**
 * Deliveries in progress per workspace (spec: "concurrent requests limited per
 * workspace"), as leases of a LeaseStore: this process's memory, or Redis with REDIS_URL,
 * where the limit holds across every instance. A slot is renewed while its delivery runs
 * and given back when it ends; if its instance dies, it expires within SLOT_LEASE_MS.
 */
export class WorkspaceConcurrencyLimiter {
  constructor(
    readonly limit: number,
    private readonly leases: LeaseStore,
  ) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError('the concurrency limit must be a positive integer');
    }
  }

  /**
   * Takes a slot of the workspace, or throws 429 when all are taken. The returned
   * function gives the slot back; calling it more than once is harmless.
   */
  async acquire(workspaceId: string): Promise<() => void> {
    const key = slotKey(workspaceId);
    const leaseId = await this.leases.acquire(key, this.limit, SLOT_LEASE_MS);
    if (leaseId === null) {
      throw new WebhookConcurrencyError(this.limit, 1);
    }
    const renewal = setInterval(() => {
      this.leases.renew(key, leaseId, SLOT_LEASE_MS).catch(() => undefined);
    }, SLOT_RENEW_EVERY_MS);
    renewal.unref();
    let released = false;
    return () => {
      if (released) {
        return;
      }
      released = true;
      clearInterval(renewal);
      this.leases.release(key, leaseId).catch(() => undefined);
    };
  }

  /** Deliveries of the workspace in progress now (on every instance sharing the store). */
  inProgress(workspaceId: string): Promise<number> {
    return this.leases.held(slotKey(workspaceId));
  }
}

function slotKey(workspaceId: string): string {
  return `webhook-slots:{${workspaceId}}`;
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
