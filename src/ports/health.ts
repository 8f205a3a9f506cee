/** A dependency that `/ready` checks. */
export interface HealthCheck {
  /** Short name shown in the readiness report, e.g. `sqlite`. */
  readonly name: string;
  /** Resolves when reachable; rejects (or resolves false) otherwise. */
  ping(): Promise<boolean>;
}
