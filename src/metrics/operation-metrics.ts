import { Counter, Histogram, type Registry } from 'prom-client';
import { LATENCY_BUCKETS_SECONDS } from './latency-buckets';

/** How a webhook delivery ended, as `webhook_deliveries_total` counts it. */
export type WebhookOutcome =
  /** Ingested (202). */
  | 'processed'
  /** A delivery seen before (200). */
  | 'duplicate'
  /** Accepted but its ingestion failed or passed the processing bound (202, status failed). */
  | 'failed'
  /** Bad signature, timestamp or body (400, 401, 413, 415). */
  | 'rejected'
  /** The workspace had no free delivery slot (429). */
  | 'throttled'
  /** The body did not arrive in time (408). */
  | 'timed_out'
  /** No connector with this endpoint id (404). */
  | 'unknown_endpoint'
  /** Anything else (a store outage's 503, a bug's 500). */
  | 'error';

/**
 * Metrics of the application's own work: command latency by command type, and webhook
 * deliveries by outcome (docs/operations.md "Metrics").
 */
export class OperationMetrics {
  private readonly commandSeconds: Histogram<'type'>;
  private readonly deliveries: Counter<'outcome'>;

  constructor(registry: Registry) {
    this.commandSeconds = new Histogram({
      name: 'command_duration_seconds',
      help: 'Time to execute one command (its whole transaction), by command type; BATCH for a batch.',
      labelNames: ['type'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers: [registry],
    });
    this.deliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Inbound webhook deliveries by outcome.',
      labelNames: ['outcome'],
      registers: [registry],
    });
  }

  /** Starts timing a command of `type`; call the result when it has ended, however. */
  commandTimer(type: string): () => void {
    const started = performance.now();
    return () => this.commandSeconds.observe({ type }, (performance.now() - started) / 1000);
  }

  webhookDelivery(outcome: WebhookOutcome): void {
    this.deliveries.inc({ outcome });
  }
}

/** Where the command service reports its timings (nothing when absent). */
export type CommandTimer = Pick<OperationMetrics, 'commandTimer'>;
