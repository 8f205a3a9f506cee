import type { RateLimits } from '../domain/workspace';

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

interface Counter {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
}

/**
 * Fixed-window counters (calendar minute and UTC day) per bucket. The check and the
 * increment happen in one synchronous step, so concurrent requests in this process can
 * never be over-admitted. Refused requests are not counted.
 *
 * Counters live in memory: a restart forgets them, and several instances would each count
 * separately (documented in docs/http-conventions.md#rate-limits).
 */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>();

  consume(bucket: string, limits: RateLimits, nowMs: number): RateDecision {
    const minuteStart = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
    let counter = this.counters.get(bucket);
    if (!counter) {
      counter = { minuteStart, minuteCount: 0, dayStart, dayCount: 0 };
      this.counters.set(bucket, counter);
    }
    if (counter.minuteStart !== minuteStart) {
      counter.minuteStart = minuteStart;
      counter.minuteCount = 0;
    }
    if (counter.dayStart !== dayStart) {
      counter.dayStart = dayStart;
      counter.dayCount = 0;
    }
    const minuteReset = minuteStart + MINUTE_MS;
    const dayReset = dayStart + DAY_MS;

    let exceeded: RateDecision['exceeded'];
    if (counter.dayCount >= limits.perDay) {
      exceeded = { window: 'day', retryAfterSeconds: secondsUntil(dayReset, nowMs) };
    } else if (counter.minuteCount >= limits.perMinute) {
      exceeded = { window: 'minute', retryAfterSeconds: secondsUntil(minuteReset, nowMs) };
    } else {
      counter.minuteCount += 1;
      counter.dayCount += 1;
    }
    return {
      allowed: exceeded === undefined,
      minute: {
        limit: limits.perMinute,
        remaining: Math.max(0, limits.perMinute - counter.minuteCount),
        resetAtMs: minuteReset,
      },
      day: {
        limit: limits.perDay,
        remaining: Math.max(0, limits.perDay - counter.dayCount),
        resetAtMs: dayReset,
      },
      ...(exceeded ? { exceeded } : {}),
    };
  }
}

function secondsUntil(resetMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
}
