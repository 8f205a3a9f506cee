import { Counter, Histogram, type Registry } from 'prom-client';
import { AppError } from '../errors';
import { LATENCY_BUCKETS_SECONDS } from './latency-buckets';

/** The engines behind the ports, as the `engine` label names them. */
export type StoreEngine = 'sqlite' | 'neo4j' | 'influxdb' | 'qdrant';

/** Wraps a store so that its calls are measured (see StoreMetrics.instrument). */
export type StoreInstrument = <T extends object>(store: T, engine: StoreEngine, port: string) => T;

/** True for a failure of the store itself, not an answer it gave (404, 409, a 400...). */
function isStoreError(error: unknown): boolean {
  return !(error instanceof AppError) || error.status >= 500;
}

/**
 * Latency and errors of every store call, by engine, observed in one place: the container
 * wraps each store it builds (`instrument`), so no adapter carries metrics code. Cached
 * look-ups (keys, workspaces, connectors) are wrapped inside their cache, so only real
 * round trips are measured.
 */
export class StoreMetrics {
  private readonly duration: Histogram<'engine' | 'operation'>;
  private readonly errors: Counter<'engine'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'store_operation_duration_seconds',
      help: 'Time of one store call (port.method), by engine; transactions include their work.',
      labelNames: ['engine', 'operation'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'store_errors_total',
      help: 'Store calls that failed because of the store (unreachable, timed out, a driver error), by engine.',
      labelNames: ['engine'],
      registers: [registry],
    });
  }

  /**
   * `store` with every method that returns a promise timed under `<port>.<method>`, and
   * its store failures counted. Methods run on the store itself, so calls it makes to its
   * own methods are not counted twice. Synchronous methods and fields pass through.
   */
  readonly instrument: StoreInstrument = <T extends object>(
    store: T,
    engine: StoreEngine,
    port: string,
  ): T => {
    const wrappers = new Map<PropertyKey, unknown>();
    const errors = this.errors.labels(engine);
    return new Proxy(store, {
      get: (target, property) => {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function' || property === 'constructor') {
          return value;
        }
        let wrapper = wrappers.get(property);
        if (!wrapper) {
          const timer = this.duration.labels(engine, `${port}.${String(property)}`);
          const method = value as (...args: unknown[]) => unknown;
          wrapper = (...args: unknown[]) => {
            const started = performance.now();
            const result = method.apply(target, args);
            if (!(result instanceof Promise)) {
              return result;
            }
            return result.then(
              (resolved: unknown) => {
                timer.observe((performance.now() - started) / 1000);
                return resolved;
              },
              (error: unknown) => {
                timer.observe((performance.now() - started) / 1000);
                if (isStoreError(error)) {
                  errors.inc();
                }
                throw error;
              },
            );
          };
          wrappers.set(property, wrapper);
        }
        return wrapper;
      },
    });
  };
}
