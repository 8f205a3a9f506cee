import type { Logger } from 'pino';
import { StoreOutageLog } from '../outage-log';
import { ENGINE_NAME, unavailable } from './errors';

/**
 * Fails fast while Neo4j is known to be unreachable. Without it every request would spend
 * the driver's whole connection and retry budget (seconds) before its 503, and requests
 * would pile up during an outage. After a failure the gate stays shut for `cooldownMs`:
 * requests are answered 503 at once. The first request after that tries the server again
 * (so the service recovers by itself, without a restart); `/ready` probes do too. Each
 * outage is logged once when it begins and once when it ends (`StoreOutageLog`).
 */
export class OutageGate {
  private shutUntil = 0;
  private readonly outages: StoreOutageLog;

  constructor(
    private readonly cooldownMs: number,
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.outages = new StoreOutageLog(ENGINE_NAME, logger, now);
  }

  /** Throws the 503 while the gate is shut. */
  check(): void {
    const remaining = this.shutUntil - this.now();
    if (remaining > 0) {
      throw unavailable(undefined, Math.max(1, Math.ceil(remaining / 1000)));
    }
  }

  /** True while requests are being refused without trying the server. */
  get isShut(): boolean {
    return this.shutUntil > this.now();
  }

  /** Records that the server could not be reached. */
  failed(cause: unknown): void {
    this.shutUntil = this.now() + this.cooldownMs;
    this.outages.failed(cause);
  }

  /** Records a successful round trip. */
  succeeded(): void {
    this.shutUntil = 0;
    this.outages.succeeded();
  }
}
