/**
 * Histogram buckets, in seconds, for the latency of one call (a store call, a command, an
 * embedder call): from half a millisecond, where an embedded store answers, to 10 s.
 */
export const LATENCY_BUCKETS_SECONDS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];
