import http from 'node:http';
import https from 'node:https';
import { InfluxDB, type IPoolOptions } from 'influx';
import type { Logger } from 'pino';
// Not re-exported by the package's index; the version is pinned, so the path is stable.
import { RequestError, ServiceNotAvailableError } from 'influx/lib/src/pool';
import { ServiceUnavailableError } from '../../errors';
import type { HealthCheck } from '../../ports/health';
import { StoreOutageLog } from '../outage-log';

/** How to reach InfluxDB 1.x (INFLUX_* variables, see docs/live-data.md). */
export interface InfluxSettings {
  /** e.g. `http://127.0.0.1:8086`; a path prefix is kept (reverse proxies). */
  url: string;
  database: string;
  username: string | undefined;
  password: string | undefined;
  /** Per-request timeout, so an unreachable server answers 503 quickly instead of hanging. */
  timeoutMs: number;
}

/** The health check's name, also the key in a 503's `details.checks`. */
export const INFLUX_CHECK_NAME = 'influxdb';

/**
 * After a connection failure the client skips the host for this long, answering at once;
 * then it tries again. Short, so the service recovers within a second once InfluxDB is back.
 */
const RETRY_AFTER_FAILURE_MS = 500;

type Backoff = NonNullable<IPoolOptions['backoff']>;

/** A fixed pause after a failure (the package's default grows to 10 s). */
class ConstantBackoff implements Backoff {
  getDelay(): number {
    return RETRY_AFTER_FAILURE_MS;
  }
  next(): Backoff {
    return this;
  }
  reset(): Backoff {
    return this;
  }
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** True when `error` means InfluxDB cannot be reached or cannot serve right now. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof ServiceNotAvailableError) {
    return true;
  }
  if (error instanceof RequestError) {
    // Wrong credentials or a proxy refusing us: the store is unusable until an operator acts.
    const status = error.res.statusCode ?? 0;
    return status === 401 || status === 403 || status === 408 || status === 429;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_ERROR_CODES.has(code);
}

/** True when InfluxDB answered that the database does not exist (it was dropped). */
export function isDatabaseMissing(error: unknown): boolean {
  return error instanceof Error && /database not found/i.test(error.message);
}

/** The 503 every live-data call answers while InfluxDB is unreachable. */
export function influxUnavailable(): ServiceUnavailableError {
  return new ServiceUnavailableError(
    'InfluxDB, the live data store, is unreachable; retry later.',
    {
      checks: { [INFLUX_CHECK_NAME]: 'down' },
    },
  );
}

/**
 * One InfluxDB client with its own keep-alive agent (closed by `close`), a short request
 * timeout and no retries: a caller gets a 503 within `timeoutMs`, never a minute-long hang.
 * Outages (seen by requests and by `/ready` alike) are logged when they begin and end.
 */
export class InfluxConnection {
  readonly client: InfluxDB;
  readonly database: string;
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;
  private readonly outages: StoreOutageLog;
  private ensured: Promise<void> | undefined;

  constructor(settings: InfluxSettings, logger: Logger) {
    this.outages = new StoreOutageLog(INFLUX_CHECK_NAME, logger);
    const url = new URL(settings.url);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    this.agent =
      protocol === 'https'
        ? new https.Agent({ keepAlive: true, maxSockets: 16 })
        : new http.Agent({ keepAlive: true, maxSockets: 16 });
    this.database = settings.database;
    this.timeoutMs = settings.timeoutMs;
    this.client = new InfluxDB({
      hosts: [
        {
          host: url.hostname,
          port: url.port === '' ? 8086 : Number(url.port),
          protocol,
          path: url.pathname === '/' ? '' : url.pathname.replace(/\/$/, ''),
          options: { agent: this.agent },
        },
      ],
      database: settings.database,
      ...(settings.username !== undefined ? { username: settings.username } : {}),
      ...(settings.password !== undefined ? { password: settings.password } : {}),
      pool: {
        maxRetries: 0,
        requestTimeout: settings.timeoutMs,
        backoff: new ConstantBackoff(),
      },
    });
  }

  /**
   * Runs `work` once the database exists, translating outages into a 503. When InfluxDB
   * says the database is missing (someone dropped it), it is created again and `work`
   * retried once.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await this.runOnce(work);
      this.outages.succeeded();
      return result;
    } catch (error) {
      if (!isUnavailable(error)) {
        throw error;
      }
      this.outages.failed(error);
      throw influxUnavailable();
    }
  }

  private async runOnce<T>(work: () => Promise<T>): Promise<T> {
    await this.ensureDatabase();
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseMissing(error)) {
        throw error;
      }
      this.ensured = undefined;
      await this.ensureDatabase();
      return await work();
    }
  }

  /** `CREATE DATABASE` is idempotent; it runs once per process, again after a failure. */
  private ensureDatabase(): Promise<void> {
    this.ensured ??= this.client.createDatabase(this.database).catch((error: unknown) => {
      this.ensured = undefined;
      throw error;
    });
    return this.ensured;
  }

  /** True when the server answers /ping within the timeout. */
  async ping(): Promise<boolean> {
    const hosts = await this.client.ping(this.timeoutMs);
    const online = hosts.length > 0 && hosts.every((h) => h.online);
    if (online) {
      this.outages.succeeded();
    } else {
      this.outages.failed(new Error(`no answer to /ping within ${this.timeoutMs} ms`));
    }
    return online;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Readiness probe: `/ready` reports `influxdb: up|down`. */
export class InfluxHealthCheck implements HealthCheck {
  readonly name = INFLUX_CHECK_NAME;
  constructor(private readonly connection: InfluxConnection) {}

  ping(): Promise<boolean> {
    return this.connection.ping();
  }
}
