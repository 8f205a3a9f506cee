/**
 * When and how long to wait before sending a request again. The service asks clients to
 * wait the `Retry-After` seconds of a 429 or 503; otherwise the wait grows exponentially,
 * with full jitter so that many clients refused at once do not come back at once.
 */

/** How a client retries. */
export interface RetryOptions {
  /** Retries after the first attempt (0 disables retrying). Default 3. */
  maxRetries?: number;
  /** Wait before the first retry when the answer names none, in ms. Default 500. */
  baseDelayMs?: number;
  /** Largest backoff wait, in ms. Default 8000. */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits for, in ms. An answer asking for more is thrown
   * at once (a daily quota spent is not worth waiting for). Default 60000.
   */
  maxRetryAfterMs?: number;
}

/** The options with their defaults filled in. */
export type RetryPolicy = Required<RetryOptions>;

/** The defaults of `RetryOptions`. */
export const DEFAULT_RETRY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
};

/** `options` over the defaults. */
export function retryPolicy(options: RetryOptions | undefined): RetryPolicy {
  return { ...DEFAULT_RETRY, ...options };
}

/** Statuses the service answers when trying again later may succeed. */
const RETRYABLE_STATUSES = new Set([429, 503]);

/** Whether a response with `status` is worth retrying at all. */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Milliseconds a `Retry-After` header asks for: delay-seconds or an HTTP date; null when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') {
    return null;
  }
  if (/^\d+$/.test(value.trim())) {
    return Number(value.trim()) * 1000;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Exponential backoff with full jitter for retry number `attempt` (1-based). */
export function backoffDelay(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/**
 * The wait before retry `attempt` (1-based), or null when the client should give up: no
 * retries left, or a `Retry-After` longer than the policy waits for. A `Retry-After` is a
 * floor: a little jitter (up to 10 %) is added so clients do not return in lockstep.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | null,
  random = Math.random,
): number | null {
  if (attempt > policy.maxRetries) {
    return null;
  }
  if (retryAfterMs === null) {
    return backoffDelay(policy, attempt, random);
  }
  if (retryAfterMs > policy.maxRetryAfterMs) {
    return null;
  }
  return retryAfterMs + Math.round(random() * retryAfterMs * 0.1);
}

/** Waits `ms`, or rejects with the signal's reason once `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
