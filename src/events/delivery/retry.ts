/** The first retry comes after about this long; each next one after twice as long. */
const FIRST_RETRY_MS = 5_000;
/** No two attempts are further apart than this (unless the receiver asks, by Retry-After). */
const MAX_RETRY_MS = 3_600_000;
/** The longest Retry-After honoured: past it the receiver's wish is capped. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * How long to wait before attempt `failed + 1`, after `failed` failed attempts: exponential
 * (5 s, 10 s, 20 s, ... up to an hour) with jitter (80-120%), so that subscribers failing
 * together do not retry together; at least what the receiver asked for in Retry-After (up
 * to a day).
 */
export function retryDelayMs(
  failed: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failed - 1));
  const jittered = Math.round(exponential * (0.8 + 0.4 * random()));
  return retryAfterMs === null
    ? jittered
    : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}
