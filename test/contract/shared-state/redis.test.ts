import { MemoryCounterStore } from '../../../src/adapters/memory/counter-store';
import { MemoryLeaseStore } from '../../../src/adapters/memory/lease-store';
import { RedisConnection } from '../../../src/adapters/redis/connection';
import { RedisCounterStore } from '../../../src/adapters/redis/counter-store';
import { FallbackCounterStore, FallbackLeaseStore } from '../../../src/adapters/redis/fallback';
import { RedisInvalidationBus } from '../../../src/adapters/redis/invalidation-bus';
import { RedisLeaseStore } from '../../../src/adapters/redis/lease-store';
import { createLogger } from '../../../src/logger';
import { systemClock } from '../../../src/ports/clock';
import type { Invalidation } from '../../../src/ports/invalidation-bus';
import { redisUnavailableReason, startRedis, type RedisServer } from '../../support/redis-server';
import { counterStoreContract } from './counter-store.contract';
import { invalidationBusContract } from './invalidation-bus.contract';
import { leaseStoreContract } from './lease-store.contract';

const silent = createLogger('silent');

function connect(server: RedisServer): RedisConnection {
  return new RedisConnection({ url: server.url, commandTimeoutMs: 1_000, logger: silent });
}

/** Resolves once `condition` holds, checking every 20 ms; rejects after `timeoutMs`. */
async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error('condition not reached in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const missing = redisUnavailableReason();
if (missing) {
  // Printed so a run without Redis says so instead of passing silently.
  console.warn(`Skipping the Redis shared-state contracts: ${missing}`);
  describe('shared-state contracts: redis', () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
} else {
  let server: RedisServer;
  let connections: RedisConnection[] = [];
  const open = () => {
    const connection = connect(server);
    connections.push(connection);
    return connection;
  };
  /** A connection whose first connection is made (commands fail fast before it). */
  const ready = async () => {
    const connection = open();
    await connection.firstConnection();
    return connection;
  };
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    connections.forEach((c) => c.close());
    connections = [];
    await server.destroy();
  });
  const done = () => Promise.resolve();

  counterStoreContract('redis', async () => ({
    store: new RedisCounterStore(await ready()),
    cleanup: done,
  }));
  leaseStoreContract('redis', async () => ({
    store: new RedisLeaseStore(await ready()),
    cleanup: done,
  }));
  invalidationBusContract(
    'redis',
    async () => {
      const bus = new RedisInvalidationBus(await ready(), silent);
      const peerConnection = await ready();
      const peer = new RedisInvalidationBus(peerConnection, silent);
      // The peer's SUBSCRIBE must be in place before the first publish.
      await eventually(async () => {
        const [, count] = (await peerConnection.client.call(
          'PUBSUB',
          'NUMSUB',
          'wos:invalidate',
        )) as [string, number];
        return count >= 2;
      });
      return { bus, peer, cleanup: done };
    },
    true,
  );

  describe('Redis down and back (shared state)', () => {
    it('falls back to per-instance counts and leases, then shares again after reconnecting', async () => {
      const [a, b] = await Promise.all([ready(), ready()]);
      const counters = [a, b].map(
        (c) =>
          new FallbackCounterStore(new RedisCounterStore(c), new MemoryCounterStore(systemClock)),
      );
      const leases = [a, b].map(
        (c) => new FallbackLeaseStore(new RedisLeaseStore(c), new MemoryLeaseStore()),
      );
      const window = (key: string) => [{ key, limit: 1, ttlMs: 60_000 }];

      // Shared: the second instance sees the first one's count and lease.
      expect((await counters[0]!.hit(window('up'))).admitted).toBe(true);
      expect((await counters[1]!.hit(window('up'))).admitted).toBe(false);
      const held = await leases[0]!.acquire('slots-up', 1, 10_000);
      expect(held).not.toBeNull();
      expect(await leases[1]!.acquire('slots-up', 1, 10_000)).toBeNull();

      await server.stop();
      await eventually(() => !a.isUp && !b.isUp);
      // Down: each instance counts for itself, so both are admitted once.
      expect((await counters[0]!.hit(window('down'))).admitted).toBe(true);
      expect((await counters[1]!.hit(window('down'))).admitted).toBe(true);
      expect((await counters[1]!.hit(window('down'))).admitted).toBe(false);
      const local = await leases[1]!.acquire('slots-down', 1, 10_000);
      expect(local).not.toBeNull();
      expect(await leases[0]!.acquire('slots-down', 1, 10_000)).not.toBeNull();
      await leases[1]!.release('slots-down', local!);
      await expect(leases[0]!.release('slots-up', held!)).resolves.toBeUndefined();
      await expect(a.healthCheck.ping()).rejects.toThrow();

      // Back (empty, no persistence): shared again without a restart.
      await server.start();
      await eventually(() => a.isUp && b.isUp);
      expect(await a.healthCheck.ping()).toBe(true);
      expect((await counters[1]!.hit(window('back'))).admitted).toBe(true);
      expect((await counters[0]!.hit(window('back'))).admitted).toBe(false);
      expect(await leases[0]!.acquire('slots-back', 1, 10_000)).not.toBeNull();
      expect(await leases[1]!.acquire('slots-back', 1, 10_000)).toBeNull();
    }, 30_000);

    it('tells subscribers to drop everything after the subscription was lost', async () => {
      const connection = await ready();
      const bus = new RedisInvalidationBus(connection, silent);
      const received: Invalidation[] = [];
      bus.subscribe((m) => received.push(m));
      await eventually(async () => {
        const [, count] = (await connection.client.call('PUBSUB', 'NUMSUB', 'wos:invalidate')) as [
          string,
          number,
        ];
        return count >= 1;
      });
      await server.stop();
      await server.start();
      await eventually(() => received.some((m) => m.kind === 'all'));
    }, 30_000);
  });
}
