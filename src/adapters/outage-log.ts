import type { Logger } from 'pino';

/**
 * Logs the outages of one store on their transitions, for every engine alike: one `warn`
 * line when the store stops answering (its name and the error), one `info` line when it
 * answers again (how long it was down). Adapters report every failed and successful round
 * trip; the lines in between are not repeated, however many requests fail meanwhile.
 */
export class StoreOutageLog {
  private downSince: number | undefined;

  constructor(
    /** The store's name, as `/ready` shows it: `sqlite`, `neo4j`, `influxdb`. */
    readonly store: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    /** What the service does meanwhile, in the warn line (a store it can do without). */
    private readonly consequence?: string,
  ) {}

  /** True between a failure and the next success. */
  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  /** A round trip failed because the store is unreachable or unusable. */
  failed(cause: unknown): void {
    if (this.downSince !== undefined) {
      return;
    }
    this.downSince = this.now();
    this.logger.warn(
      {
        store: this.store,
        error: describe(cause),
        ...(this.consequence ? { consequence: this.consequence } : {}),
      },
      `store unavailable: ${this.store}`,
    );
  }

  /** A round trip succeeded. */
  succeeded(): void {
    if (this.downSince === undefined) {
      return;
    }
    const downMs = this.now() - this.downSince;
    this.downSince = undefined;
    this.logger.info({ store: this.store, downMs }, `store available again: ${this.store}`);
  }
}

/**
 * The error's code (when it has one) and message, without its stack. Read by shape, not
 * `instanceof Error`: a driver's error may come from another realm (a worker, a VM context).
 */
function describe(cause: unknown): string {
  if (typeof cause !== 'object' || cause === null || !('message' in cause)) {
    return String(cause);
  }
  const message = String(cause.message);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
