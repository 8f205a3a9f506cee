import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Clock } from '../../ports/clock';
import { MemoryCounterStore } from '../memory/counter-store';
import type { SharedState } from '../memory/index';
import { MemoryLeaseStore } from '../memory/lease-store';
import { RedisChangeSignal } from './change-signal';
import { RedisConnection } from './connection';
import { RedisCounterStore } from './counter-store';
import { FallbackCounterStore, FallbackLeaseStore } from './fallback';
import { RedisInvalidationBus } from './invalidation-bus';
import { RedisLeaseStore } from './lease-store';

/**
 * With REDIS_URL: counters, leases and invalidations in Redis, shared by every instance,
 * each falling back to this process's own while Redis is down (docs/operations.md).
 */
export function redisSharedState(options: {
  url: string;
  commandTimeoutMs: number;
  logger: Logger;
  clock: Clock;
  registry?: Registry;
}): SharedState {
  const connection = new RedisConnection({
    url: options.url,
    commandTimeoutMs: options.commandTimeoutMs,
    logger: options.logger,
    ...(options.registry ? { registry: options.registry } : {}),
  });
  return {
    counters: new FallbackCounterStore(
      new RedisCounterStore(connection),
      new MemoryCounterStore(options.clock),
    ),
    leases: new FallbackLeaseStore(new RedisLeaseStore(connection), new MemoryLeaseStore()),
    invalidations: new RedisInvalidationBus(connection, options.logger),
    changes: new RedisChangeSignal(connection, options.logger),
    healthChecks: [connection.healthCheck],
    connected: () => connection.firstConnection(),
    close: () => connection.close(),
  };
}
