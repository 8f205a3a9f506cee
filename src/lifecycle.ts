/**
 * Where the service is in its life: serving, or stopping. `/ready` answers 503 from the
 * moment the shutdown begins, so that load balancers stop sending before the listener
 * closes (see src/shutdown.ts).
 */
export class Lifecycle {
  private stopping = false;

  /** True once the shutdown has begun; never false again. */
  get isStopping(): boolean {
    return this.stopping;
  }

  /** Marks the beginning of the shutdown. */
  beginStopping(): void {
    this.stopping = true;
  }
}
