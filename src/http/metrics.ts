import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OperationMetrics } from '../metrics/operation-metrics';
import { StoreMetrics } from '../metrics/store-metrics';

/** Answers counted as refusals: the caller was not let in (401, 403) or was limited (429). */
const REFUSALS = new Set([401, 403, 429]);

/**
 * The service's Prometheus registry, served on `/metrics`, with the HTTP layer's metrics;
 * the other groups (commands and webhooks, stores, search, Redis) register on it too.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  /** Commands by type, webhook deliveries by outcome. */
  readonly operations: OperationMetrics;
  /** Store calls by engine. */
  readonly stores: StoreMetrics;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly refused: Counter<'code' | 'plan'>;

  constructor(options: { collectDefaults: boolean } = { collectDefaults: true }) {
    if (options.collectDefaults) {
      collectDefaultMetrics({ register: this.registry });
    }
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.refused = new Counter({
      name: 'http_requests_refused_total',
      help:
        'Requests answered 401, 403 or 429, by error code and the plan of the workspace ' +
        'charged (none: no workspace was known, e.g. a 401 or webhook reception).',
      labelNames: ['code', 'plan'],
      registers: [this.registry],
    });
    this.operations = new OperationMetrics(this.registry);
    this.stores = new StoreMetrics(this.registry);
  }

  /**
   * One finished request. `errorCode` is the envelope's `error.code` when the answer was an
   * error; `plan` that of the workspace the request was charged to, when known.
   */
  observe(
    method: string,
    route: string,
    status: number,
    seconds: number,
    refusal?: { errorCode?: string | undefined; plan?: string | undefined },
  ): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
    if (REFUSALS.has(status) && refusal?.errorCode) {
      this.refused.inc({ code: refusal.errorCode, plan: refusal.plan ?? 'none' });
    }
  }
}
