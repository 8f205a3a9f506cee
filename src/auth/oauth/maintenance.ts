import type { Logger } from 'pino';
import type { Clock } from '../../ports/clock';
import type { OAuthGrantStore, PurgedOAuthRecords } from '../../ports/oauth-grant-store';

/**
 * How long an expired request, code or token stays in the store. Reuse detection needs the
 * record: a consumed code or a rotated refresh token presented again is recognised as a
 * replay (and its token family revoked) only while it can still be found, expired or not.
 */
export const OAUTH_PURGE_MARGIN_MS = 24 * 60 * 60 * 1000;

/** How often each process purges expired OAuth records. */
export const OAUTH_MAINTENANCE_EVERY_MS = 10 * 60 * 1000;

/**
 * Housekeeping of the OAuth grant store (docs/oauth.md "Expiry and purge"): deletes the
 * authorization requests, codes and tokens that expired more than a day ago, and the token
 * families left without tokens.
 */
export class OAuthMaintenance {
  /** The purge under way, if any: a tick that finds one running skips its turn. */
  private running: Promise<PurgedOAuthRecords> | null = null;

  constructor(
    private readonly grants: OAuthGrantStore,
    private readonly clock: Clock,
  ) {}

  /** One purge; how many records of each kind it deleted. */
  run(): Promise<PurgedOAuthRecords> {
    const before = new Date(this.clock.now() - OAUTH_PURGE_MARGIN_MS).toISOString();
    return this.grants.purgeExpired(before);
  }

  /**
   * Runs the purge every 10 minutes (the timer does not keep the process alive), logged at
   * debug, or at error when it fails; a tick that finds the previous purge still running
   * skips its turn. The returned function stops it.
   */
  start(logger: Logger, everyMs: number = OAUTH_MAINTENANCE_EVERY_MS): () => void {
    const timer = setInterval(() => {
      if (this.running) {
        return;
      }
      const run = this.run();
      this.running = run;
      run
        .then(
          (purged) => logger.debug(purged, 'oauth maintenance'),
          (error: unknown) => logger.error({ err: error }, 'oauth maintenance failed'),
        )
        .finally(() => {
          this.running = null;
        });
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
