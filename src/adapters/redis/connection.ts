import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { HealthCheck } from '../../ports/health';
import { StoreOutageLog } from '../outage-log';
import { defineScripts, type Scripts } from './scripts';

/** The name `/ready`, the logs and the metrics use. */
export const REDIS_CHECK_NAME = 'redis';

/** Every key and channel of the service starts with this, so a Redis can be shared. */
export const KEY_PREFIX = 'wos:';

/** How long commands skip Redis after one timed out (a server that hangs, not one that is down). */
const TIMEOUT_COOLDOWN_MS = 1_000;

/** Longest wait for the first connection before a one-shot command (the CLI's publish). */
const FIRST_CONNECT_WAIT_MS = 1_000;

/** What the service does while Redis is down, said once in the outage's warn line. */
const CONSEQUENCE =
  'rate limits, the sign-in throttle and webhook slots are counted per instance; ' +
  'cached keys, workspaces and connectors follow other instances within 5 s (TTL)';

export interface RedisConnectionOptions {
  url: string;
  commandTimeoutMs: number;
  logger: Logger;
  /** Where `redis_up` and `redis_reconnects_total` are registered (the server's `/metrics`). */
  registry?: Registry;
}

/** Thrown instead of trying Redis during the cool-down after a timeout. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('Redis timed out a moment ago; not trying it again yet');
    this.name = 'RedisUnavailableError';
  }
}

/** Pause before reconnection attempt `times` (1, 2, ...): 50 ms doubling up to 2 s. */
export function reconnectDelayMs(times: number): number {
  return Math.min(2_000, 50 * 2 ** Math.min(times - 1, 6));
}

/**
 * The service's connections to Redis: one for commands and one for the invalidation
 * subscription (a subscribed connection can run nothing else).
 *
 * Commands fail at once while the connection is down (no offline queue, no retry of a
 * command whose connection dropped: a counter must never count twice), and after
 * `commandTimeoutMs`; callers then fall back to per-instance state. The client reconnects
 * by itself with a growing pause (50 ms doubling to 2 s), forever, so the service recovers
 * without a restart. The outage is logged once when it begins and once when it ends.
 */
export class RedisConnection {
  readonly client: Redis;
  readonly subscriber: Redis;
  /** The counter and lease scripts, registered on `client`. */
  readonly scripts: Scripts;
  readonly healthCheck: HealthCheck;
  private readonly outages: StoreOutageLog;
  private everReady = false;
  private closing = false;
  private skipUntil = 0;
  private readonly reconnects: Counter | undefined;

  constructor(options: RedisConnectionOptions) {
    this.outages = new StoreOutageLog(REDIS_CHECK_NAME, options.logger, Date.now, CONSEQUENCE);
    const common = {
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: Math.max(1_000, options.commandTimeoutMs * 4),
      retryStrategy: reconnectDelayMs,
      connectionName: 'workspace-ontology-service',
    };
    this.client = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs,
    });
    this.scripts = defineScripts(this.client);
    // The subscription waits for its connection (an offline queue, no timeout). Its owner
    // subscribes again after every reconnection: ioredis's own resubscription leaves its
    // promise unhandled, so a connection closed during it would be an unhandled rejection.
    this.subscriber = new Redis(options.url, {
      ...common,
      enableOfflineQueue: true,
      autoResubscribe: false,
    });
    for (const client of [this.client, this.subscriber]) {
      // Without a listener an 'error' event would end the process; the outage log tells.
      client.on('error', (error: unknown) => {
        if (client === this.client && !this.closing) {
          this.outages.failed(error);
        }
      });
    }
    this.client.on('ready', () => {
      if (this.everReady) {
        this.reconnects?.inc();
      }
      this.everReady = true;
      this.skipUntil = 0;
      this.outages.succeeded();
    });
    this.client.on('close', () => {
      if (this.everReady && !this.closing) {
        this.outages.failed(new Error('connection closed'));
      }
    });
    this.healthCheck = {
      name: REDIS_CHECK_NAME,
      critical: false,
      ping: async () => (await this.run(() => this.client.ping())) === 'PONG',
    };
    if (options.registry) {
      const isUp = () => this.isUp;
      new Gauge({
        name: 'redis_up',
        help: '1 while the connection to Redis (REDIS_URL) is ready, else 0.',
        registers: [options.registry],
        collect() {
          this.set(isUp() ? 1 : 0);
        },
      });
      this.reconnects = new Counter({
        name: 'redis_reconnects_total',
        help: 'Times the connection to Redis was established again after it was lost.',
        registers: [options.registry],
      });
    }
  }

  /** True while commands can be sent. */
  get isUp(): boolean {
    return this.client.status === 'ready' && !this.outages.isDown;
  }

  /**
   * Runs one command (or script) and records its outcome: a failure marks the outage (logged
   * once), a success ends it. During the cool-down after a timeout it fails without trying.
   */
  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.skipUntil > Date.now()) {
      throw new RedisUnavailableError();
    }
    try {
      const result = await command();
      this.outages.succeeded();
      return result;
    } catch (error) {
      if (error instanceof Error && /timed? ?out/i.test(error.message)) {
        this.skipUntil = Date.now() + TIMEOUT_COOLDOWN_MS;
      }
      this.outages.failed(error);
      throw error;
    }
  }

  /**
   * Resolves once the first connection is ready, or after a short bound. For one-shot
   * processes (the CLI), whose single command would otherwise find the client still
   * connecting; a running server never needs to wait.
   */
  async firstConnection(): Promise<void> {
    if (this.everReady || this.client.status === 'end') {
      return;
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
      this.client.once('ready', done);
    });
  }

  /** Closes both connections (pending commands fail); no reconnection afterwards. */
  close(): void {
    this.closing = true;
    this.subscriber.disconnect();
    this.client.disconnect();
  }
}
