import type { Clock } from '../ports/clock';
import type { ConnectorStore } from '../ports/connector-store';

export interface MaintenanceOptions {
  /** Events older than this are deleted, whatever their status. */
  retentionMs: number;
  /** The processing bound; an event `received` for much longer was interrupted. */
  processingBoundMs: number;
}

/** Slack on top of the processing bound before an in-flight event counts as interrupted. */
const INTERRUPTED_AFTER_EXTRA_MS = 60_000;

/**
 * Housekeeping of the event history, run periodically by the container: applies the
 * retention period, and fails events left `received` by a process that stopped while
 * ingesting them (so that they can be replayed, and their delivery retried).
 */
export class WebhookMaintenance {
  constructor(
    private readonly store: ConnectorStore,
    private readonly clock: Clock,
    private readonly options: MaintenanceOptions,
  ) {}

  async run(): Promise<{ purged: number; interrupted: number }> {
    const nowMs = this.clock.now();
    const interruptedBefore =
      nowMs - 2 * this.options.processingBoundMs - INTERRUPTED_AFTER_EXTRA_MS;
    const interrupted = await this.store.failInterrupted(
      new Date(interruptedBefore).toISOString(),
      'processing was interrupted (the service stopped); replay the event or resend it',
      new Date(nowMs).toISOString(),
    );
    const purged = await this.store.purgeEvents(
      new Date(nowMs - this.options.retentionMs).toISOString(),
    );
    return { purged, interrupted };
  }
}
