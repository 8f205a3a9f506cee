import type { CounterStore } from '../../ports/counter-store';

/** Failed sign-ins allowed per email within the window before it is locked. */
export const MAX_FAILED_SIGN_INS = 10;
/** Length of the window, and of the lock once it is reached. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Slows password guessing on the sign-in page: after 10 failed attempts on one email within
 * 15 minutes, that email cannot sign in until the window has passed (a correct password
 * does not help meanwhile, or the lock would tell a guesser when they hit it). The window
 * starts at the first failure: the counter's time to live. Counts are kept in the
 * CounterStore, so with REDIS_URL every instance counts the same failures.
 */
export class SignInThrottle {
  constructor(private readonly counters: CounterStore) {}

  /** Seconds until `email` may try again, or 0 when it may try now. */
  async retryAfterSeconds(email: string): Promise<number> {
    const state = await this.counters.read(keyOf(email));
    if (!state || state.count < MAX_FAILED_SIGN_INS) {
      return 0;
    }
    return Math.max(1, Math.ceil(state.ttlMs / 1000));
  }

  async recordFailure(email: string): Promise<void> {
    await this.counters.hit([{ key: keyOf(email), limit: null, ttlMs: SIGN_IN_WINDOW_MS }]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.counters.reset(keyOf(email));
  }
}

function keyOf(email: string): string {
  return `signin:${email}`;
}
