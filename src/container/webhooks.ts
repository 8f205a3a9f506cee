import type { Logger } from 'pino';
import type { CommandService } from '../commands/command-service';
import type { Config } from '../config/load-config';
import type { Clock } from '../ports/clock';
import type { ConnectorStore } from '../ports/connector-store';
import type { LeaseStore } from '../ports/lease-store';
import { ConnectorService } from '../webhooks/connector-service';
import { GraphEventIngestor, type EventIngestor } from '../webhooks/event-ingestor';
import { EventProcessor } from '../webhooks/event-processor';
import { WebhookMaintenance } from '../webhooks/maintenance';
import { WebhookReceptionService } from '../webhooks/reception-service';

/** How often the event history's retention and interrupted-event recovery run. */
const MAINTENANCE_EVERY_MS = 10 * 60 * 1000;

export interface WebhookWiring {
  store: ConnectorStore;
  commands: CommandService;
  clock: Clock;
  logger: Logger;
  config: Config['webhooks'];
  publicUrl: string | undefined;
  /** Where the workspaces' delivery slots are held. */
  slots: LeaseStore;
  /** Wraps the ingestor (tests inject a slow one to exercise the processing bound). */
  decorateIngestor?: (ingestor: EventIngestor) => EventIngestor;
}

/**
 * Builds the webhook services on a ConnectorStore (whichever engine the container chose)
 * and starts the periodic maintenance; `stop` ends it.
 */
export function createWebhooks(wiring: WebhookWiring) {
  const { store, commands, clock, config } = wiring;
  const graphIngestor = new GraphEventIngestor(commands, store, clock);
  const ingestor = wiring.decorateIngestor?.(graphIngestor) ?? graphIngestor;
  const processor = new EventProcessor(store, ingestor, clock, config.processingTimeoutMs);
  const maintenance = new WebhookMaintenance(store, clock, {
    retentionMs: config.eventRetentionDays * 24 * 60 * 60 * 1000,
    processingBoundMs: config.processingTimeoutMs,
  });
  const timer = setInterval(() => {
    maintenance.run().then(
      (result) => wiring.logger.debug(result, 'webhook event maintenance'),
      (error: unknown) => wiring.logger.error({ err: error }, 'webhook event maintenance failed'),
    );
  }, MAINTENANCE_EVERY_MS);
  timer.unref();
  return {
    deps: {
      connectors: new ConnectorService(store, commands, processor, clock, {
        secretGraceSeconds: config.secretGraceSeconds,
      }),
      reception: new WebhookReceptionService(store, processor, clock, {
        concurrencyPerWorkspace: config.concurrencyPerWorkspace,
        rejectedRecordsPerMinute: config.rejectedRecordsPerMinute,
        slots: wiring.slots,
      }),
      maintenance,
      publicUrl: wiring.publicUrl,
    },
    stop: () => clearInterval(timer),
  };
}
