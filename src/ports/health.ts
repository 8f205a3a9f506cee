/** A dependency that `/ready` checks. */
export interface HealthCheck {
  /** Short name shown in the readiness report, e.g. `sqlite`. */
  readonly name: string;
  /**
   * False for a dependency the service can do without for a while (Redis: it falls back to
   * per-instance state): `/ready` reports it but stays 200 when it is down. Default true.
   */
  readonly critical?: boolean;
  /** Resolves when reachable; rejects (or resolves false) otherwise. */
  ping(): Promise<boolean>;
}
