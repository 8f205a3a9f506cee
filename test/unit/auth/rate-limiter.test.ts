import { MemoryCounterStore } from '../../../src/adapters/memory/counter-store';
import { RateLimiter } from '../../../src/auth/rate-limiter';
import { systemClock } from '../../../src/ports/clock';

const LIMITS = { perMinute: 3, perDay: 5 };
/** 10:20:15 UTC. */
const T0 = Date.UTC(2026, 0, 15, 10, 20, 15);
const MINUTE_END = Date.UTC(2026, 0, 15, 10, 21, 0);
const DAY_END = Date.UTC(2026, 0, 16, 0, 0, 0);

/** Consumes `n` requests at `nowMs` and returns how many were allowed. */
async function allowedOf(
  limiter: RateLimiter,
  n: number,
  nowMs: number,
  bucket = 'b',
): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < n; i += 1) {
    if ((await limiter.consume(bucket, LIMITS, nowMs)).allowed) {
      allowed += 1;
    }
  }
  return allowed;
}

describe('RateLimiter', () => {
  it('counts down both windows and reports their reset times', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    const first = await limiter.consume('b', LIMITS, T0);
    expect(first).toEqual({
      allowed: true,
      minute: { limit: 3, remaining: 2, resetAtMs: MINUTE_END },
      day: { limit: 5, remaining: 4, resetAtMs: DAY_END },
    });
  });

  it('refuses once the minute is used up, with the seconds left in the minute', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    expect(await allowedOf(limiter, 3, T0)).toBe(3);
    const refused = await limiter.consume('b', LIMITS, T0);
    expect(refused.allowed).toBe(false);
    expect(refused.exceeded).toEqual({ window: 'minute', retryAfterSeconds: 45 });
    expect(refused.minute.remaining).toBe(0);
  });

  it('rounds Retry-After up to whole seconds', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    await allowedOf(limiter, 3, T0);
    expect(
      (await limiter.consume('b', LIMITS, MINUTE_END - 1500)).exceeded?.retryAfterSeconds,
    ).toBe(2);
    expect((await limiter.consume('b', LIMITS, MINUTE_END - 1)).exceeded?.retryAfterSeconds).toBe(
      1,
    );
  });

  it('starts a fresh minute at the minute boundary, not 60 s after the first request', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    await allowedOf(limiter, 3, T0);
    expect((await limiter.consume('b', LIMITS, MINUTE_END - 1)).allowed).toBe(false);
    const next = await limiter.consume('b', LIMITS, MINUTE_END);
    expect(next.allowed).toBe(true);
    expect(next.minute).toEqual({ limit: 3, remaining: 2, resetAtMs: MINUTE_END + 60_000 });
    expect(next.day.remaining).toBe(1);
  });

  it('does not count refused requests', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    await allowedOf(limiter, 3, T0);
    // Ten refusals in the first minute must not eat into the day budget (5 - 3 = 2 left).
    expect(await allowedOf(limiter, 10, T0)).toBe(0);
    expect(await allowedOf(limiter, 10, MINUTE_END)).toBe(2);
  });

  it('refuses on the day window with the seconds left in the UTC day', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    await allowedOf(limiter, 3, T0);
    await allowedOf(limiter, 2, MINUTE_END);
    const refused = await limiter.consume('b', LIMITS, MINUTE_END);
    expect(refused.exceeded).toEqual({
      window: 'day',
      retryAfterSeconds: (DAY_END - MINUTE_END) / 1000,
    });
    expect(refused.minute.remaining).toBe(1);
    expect(refused.day.remaining).toBe(0);
  });

  it('starts a fresh day at midnight UTC', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    await allowedOf(limiter, 3, T0);
    await allowedOf(limiter, 2, MINUTE_END);
    expect((await limiter.consume('b', LIMITS, DAY_END - 1)).exceeded?.window).toBe('day');
    const next = await limiter.consume('b', LIMITS, DAY_END);
    expect(next.allowed).toBe(true);
    expect(next.day).toEqual({ limit: 5, remaining: 4, resetAtMs: DAY_END + 86_400_000 });
  });

  it('keeps buckets apart', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    expect(await allowedOf(limiter, 4, T0, 'a')).toBe(3);
    expect(await allowedOf(limiter, 4, T0, 'b')).toBe(3);
  });

  it('applies a lowered limit to the requests already counted', async () => {
    const limiter = new RateLimiter(new MemoryCounterStore(systemClock));
    await allowedOf(limiter, 2, T0);
    const lowered = await limiter.consume('b', { perMinute: 1, perDay: 5 }, T0);
    expect(lowered.allowed).toBe(false);
    expect(lowered.minute.remaining).toBe(0);
  });
});
