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
      { store: this.store, error: describe(cause) },
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

/** The error's code (when it has one) and message, without its stack. */
function describe(cause: unknown): string {
  if (!(cause instanceof Error)) {
    return String(cause);
  }
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && !cause.message.includes(code)
    ? `${code}: ${cause.message}`
    : cause.message;
}
