import type { Clock } from '../../ports/clock';

/** Failed sign-ins allowed per email within the window before it is locked. */
export const MAX_FAILED_SIGN_INS = 10;
/** Length of the window, and of the lock once it is reached. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** Number of tracked emails above which passed windows are swept. */
const SWEEP_THRESHOLD = 10_000;

interface Failures {
  count: number;
  windowStart: number;
}

/**
 * Slows password guessing on the sign-in page: after 10 failed attempts on one email within
 * 15 minutes, that email cannot sign in until the window has passed (a correct password
 * does not help meanwhile, or the lock would tell a guesser when they hit it). Counts live
 * in memory, per process, like the rate limiter's.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly clock: Clock) {}

  /** Seconds until `email` may try again, or 0 when it may try now. */
  retryAfterSeconds(email: string): number {
    const entry = this.current(email);
    if (!entry || entry.count < MAX_FAILED_SIGN_INS) {
      return 0;
    }
    return Math.max(
      1,
      Math.ceil((entry.windowStart + SIGN_IN_WINDOW_MS - this.clock.now()) / 1000),
    );
  }

  recordFailure(email: string): void {
    if (this.failures.size >= SWEEP_THRESHOLD) {
      this.sweep();
    }
    const entry = this.current(email);
    if (entry) {
      entry.count += 1;
    } else {
      this.failures.set(email, { count: 1, windowStart: this.clock.now() });
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(email);
  }

  /** Forgets windows that have passed, so guesses at many emails cannot grow memory forever. */
  private sweep(): void {
    for (const email of [...this.failures.keys()]) {
      this.current(email);
    }
  }

  private current(email: string): Failures | undefined {
    const entry = this.failures.get(email);
    if (entry && this.clock.now() - entry.windowStart >= SIGN_IN_WINDOW_MS) {
      this.failures.delete(email);
      return undefined;
    }
    return entry;
  }
}
