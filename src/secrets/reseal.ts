import type { Logger } from 'pino';
import type { SealedSecretStore, SecretRecordRef, UnreadableSecret } from '../ports/sealed-secrets';
import { yieldToEventLoop } from '../yield-to-event-loop';

/** Records per chunk: one short write each, so requests run between chunks. */
export const RESEAL_CHUNK = 100;

/** Unreadable secrets named in a log line; the rest are counted. */
const LOGGED_UNREADABLE = 20;

/** What a re-encryption pass did. */
export interface ResealReport {
  /** The key every readable secret is now sealed under. */
  currentKeyId: string;
  /** Records with a secret not under the current key when the pass looked. */
  examined: number;
  /** Records rewritten under the current key. */
  resealed: number;
  /** Secrets no configured key opens, left as they are. */
  unreadable: UnreadableSecret[];
  /** False when the pass was stopped (shutdown) before it went through every store. */
  complete: boolean;
}

/**
 * The re-encryption pass: rewrites every stored secret that is plaintext (stored before
 * encryption) or sealed under a previous key, under the current key, chunk by chunk, in
 * every store that holds sealed secrets. Idempotent (a secret under the current key is not
 * touched) and safe to run on several instances at once (each rewrite is conditional on the
 * value read). Once a pass reports nothing unreadable, the previous keys are no longer
 * needed. Runs on every start in the background, and on demand (`cli secrets rotate`).
 */
export class SecretResealer {
  private running: Promise<ResealReport> | null = null;
  private stopping = false;

  constructor(
    private readonly stores: readonly SealedSecretStore[],
    private readonly currentKeyId: string,
    private readonly chunkSize = RESEAL_CHUNK,
  ) {}

  /** Runs a pass; while one is running, returns that one. */
  run(): Promise<ResealReport> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Ends a running pass after its current chunk (at shutdown, before the stores close). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<ResealReport> {
    const report: ResealReport = {
      currentKeyId: this.currentKeyId,
      examined: 0,
      resealed: 0,
      unreadable: [],
      complete: false,
    };
    for (const store of this.stores) {
      let after: SecretRecordRef | null = null;
      do {
        if (this.stopping) {
          return report;
        }
        const chunk = await store.resealSecrets(after, this.chunkSize);
        report.examined += chunk.examined;
        report.resealed += chunk.resealed;
        report.unreadable.push(...chunk.unreadable);
        after = chunk.next;
        await yieldToEventLoop();
      } while (after !== null);
    }
    report.complete = true;
    return report;
  }
}

const REASONS: Record<UnreadableSecret['reason'], string> = {
  unknown_key: 'sealed under key {keyId}, which is not configured',
  damaged: 'damaged',
  unsupported_version: 'stored in a form this version does not read',
};

/** `<kind> <workspaceId>/<id> <field> (<why>)` of an unreadable secret, for logs and the CLI. */
export function describeUnreadable(secret: UnreadableSecret): string {
  const why = REASONS[secret.reason].replace('{keyId}', secret.keyId ?? '?');
  return `${secret.kind} ${secret.workspaceId}/${secret.id} ${secret.field} (${why})`;
}

/**
 * Runs a pass in the background at start-up and logs its outcome: how many secrets were
 * re-encrypted, and, as an error, every secret no configured key opens (the connectors
 * concerned refuse deliveries until their key is restored or their secret rotated).
 */
export function resealInBackground(resealer: SecretResealer, logger: Logger): void {
  resealer.run().then(
    (report) => {
      if (report.resealed > 0) {
        logger.info(
          { resealed: report.resealed, keyId: report.currentKeyId },
          'stored secrets re-encrypted under the current key',
        );
      }
      if (report.unreadable.length > 0) {
        logger.error(
          {
            count: report.unreadable.length,
            secrets: report.unreadable.slice(0, LOGGED_UNREADABLE).map(describeUnreadable),
          },
          'stored secrets cannot be decrypted with the configured keys (SECRETS_KEY, ' +
            'SECRETS_KEY_PREVIOUS): restore the key they were sealed under, or rotate the ' +
            "connectors' secrets; their deliveries are refused until then",
        );
      }
    },
    (error: unknown) =>
      logger.warn(
        { err: error },
        're-encrypting stored secrets failed; it runs again at the next start (or run `cli secrets rotate`)',
      ),
  );
}
