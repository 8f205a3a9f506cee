import type { RateLimits } from '../domain/workspace';
import type { CounterStore, CounterWindow, HitResult } from '../ports/counter-store';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** State of one window after a request was counted (or refused). */
export interface WindowState {
  limit: number;
  remaining: number;
  /** Epoch milliseconds when this window resets. */
  resetAtMs: number;
}

export interface RateDecision {
  allowed: boolean;
  minute: WindowState;
  day: WindowState;
  /** Set when refused: the window that is exhausted and whole seconds until it resets. */
  exceeded?: { window: 'minute' | 'day'; retryAfterSeconds: number };
}

/**
 * Fixed-window counters (calendar minute and UTC day) per bucket, kept in a CounterStore:
 * this process's memory, or Redis shared by every instance (REDIS_URL). Both windows are
 * checked and counted in one atomic step of the store, so concurrent requests, from any
 * instance sharing the store, are never over-admitted. Refused requests are not counted.
 *
 * Each window is its own key, named by its start, so a new window starts from zero and an
 * old one expires by itself (docs/http-conventions.md#rate-limits).
 */
export class RateLimiter {
  constructor(private readonly counters: CounterStore) {}

  async consume(bucket: string, limits: RateLimits, nowMs: number): Promise<RateDecision> {
    const hit = await this.counters.hit(windowsOf(bucket, limits, nowMs));
    return decide(hit, limits, nowMs);
  }

  /**
   * `consume` done at once when the counters need no round trip (this process's memory);
   * undefined when they do (Redis).
   */
  consumeNow(bucket: string, limits: RateLimits, nowMs: number): RateDecision | undefined {
    const hit = this.counters.hitNow?.(windowsOf(bucket, limits, nowMs));
    return hit && decide(hit, limits, nowMs);
  }
}

/** The minute and day windows of `bucket` at `nowMs`. */
function windowsOf(bucket: string, limits: RateLimits, nowMs: number): CounterWindow[] {
  const minuteStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  // `{bucket}` is a Redis Cluster hash tag: both windows of a bucket live on one node.
  return [
    { key: `rl:{${bucket}}:m:${minuteStart}`, limit: limits.perMinute, ttlMs: MINUTE_MS },
    { key: `rl:{${bucket}}:d:${dayStart}`, limit: limits.perDay, ttlMs: DAY_MS },
  ];
}

function decide({ admitted, counts }: HitResult, limits: RateLimits, nowMs: number): RateDecision {
  const [minuteCount = 0, dayCount = 0] = counts;
  const minuteReset = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const dayReset = Math.floor(nowMs / DAY_MS) * DAY_MS + DAY_MS;
  const decision: RateDecision = {
    allowed: admitted,
    minute: {
      limit: limits.perMinute,
      remaining: Math.max(0, limits.perMinute - minuteCount),
      resetAtMs: minuteReset,
    },
    day: {
      limit: limits.perDay,
      remaining: Math.max(0, limits.perDay - dayCount),
      resetAtMs: dayReset,
    },
  };
  if (!admitted) {
    decision.exceeded =
      dayCount >= limits.perDay
        ? { window: 'day', retryAfterSeconds: secondsUntil(dayReset, nowMs) }
        : { window: 'minute', retryAfterSeconds: secondsUntil(minuteReset, nowMs) };
  }
  return decision;
}

function secondsUntil(resetMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
}
