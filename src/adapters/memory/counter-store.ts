import type { Clock } from '../../ports/clock';
import type {
  CounterState,
  CounterStore,
  CounterWindow,
  HitResult,
} from '../../ports/counter-store';

/** Keys held before expired ones are swept (then again at twice what was left). */
const SWEEP_FLOOR = 10_000;

interface Entry {
  count: number;
  expiresAt: number;
}

/**
 * Counters in this process's memory. `hit` checks and counts with no `await` in between,
 * so it is atomic for every caller of this process; other instances keep their own.
 * Expired keys are forgotten when read and swept once many have gathered, so counters of
 * past windows do not grow memory without bound.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();
  private sweepAt = SWEEP_FLOOR;

  constructor(private readonly clock: Clock) {}

  /** The synchronous step behind `hit`, for callers that must not wait (the fallbacks). */
  hitNow(windows: readonly CounterWindow[]): HitResult {
    const now = this.clock.now();
    const current = windows.map((w) => this.live(w.key, now));
    const admitted = windows.every(
      (w, i) => w.limit === null || (current[i]?.count ?? 0) < w.limit,
    );
    if (!admitted) {
      return { admitted, counts: current.map((e) => e?.count ?? 0) };
    }
    if (this.entries.size >= this.sweepAt) {
      this.sweep(now);
    }
    const counts = windows.map((w, i) => {
      const entry = current[i] ?? { count: 0, expiresAt: now + w.ttlMs };
      entry.count += 1;
      this.entries.set(w.key, entry);
      return entry.count;
    });
    return { admitted, counts };
  }

  hit(windows: readonly CounterWindow[]): Promise<HitResult> {
    return Promise.resolve(this.hitNow(windows));
  }

  read(key: string): Promise<CounterState | null> {
    const now = this.clock.now();
    const entry = this.live(key, now);
    return Promise.resolve(entry ? { count: entry.count, ttlMs: entry.expiresAt - now } : null);
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(key);
      }
    }
    this.sweepAt = Math.max(SWEEP_FLOOR, this.entries.size * 2);
  }
}
