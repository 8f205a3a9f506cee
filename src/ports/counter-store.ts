/** One fixed window a hit is counted in. */
export interface CounterWindow {
  /** The window's own key (it names the window's start, so a new window is a new key). */
  key: string;
  /** Hits the window admits; `null` for a window that only counts. */
  limit: number | null;
  /** How long the key lives after its first hit (the window's length, or more). */
  ttlMs: number;
}

/** What `hit` did. */
export interface HitResult {
  /** True when the hit was counted (every window had room). */
  admitted: boolean;
  /** Each window's count after the call, in the order given (unchanged when refused). */
  counts: number[];
}

/** A counter as it stands. */
export interface CounterState {
  count: number;
  /** Milliseconds until the counter expires (and is forgotten). */
  ttlMs: number;
}

/**
 * Expiring counters for fixed-window limits: the request rate limits and the sign-in
 * throttle. One instance's memory (`adapters/memory/`) or Redis, which every instance of
 * the service shares (`adapters/redis/`);
 * `test/contract/shared-state/counter-store.contract.ts` is the behaviour each must show.
 */
export interface CounterStore {
  /**
   * Counts one hit in every window when all of them have room (count below limit), and in
   * none otherwise, as one atomic step: concurrent hits, from any instance, are never
   * over-admitted. A key's expiry is set by its first hit and not moved by later ones.
   */
  hit(windows: readonly CounterWindow[]): Promise<HitResult>;
  /** `hit` done at once, by a store that needs no round trip (this process's memory). */
  hitNow?(windows: readonly CounterWindow[]): HitResult;
  /** The counter under `key`, or null when it has no hits (or has expired). */
  read(key: string): Promise<CounterState | null>;
  /** Forgets the counter under `key`. */
  reset(key: string): Promise<void>;
}
