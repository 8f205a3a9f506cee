/** Source of the current time; injected so tests can move time (rate-limit windows, expiry). */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
