import { randomUUID } from 'node:crypto';
import type { LeaseStore } from '../../ports/lease-store';
import { KEY_PREFIX, type RedisConnection } from './connection';
import type { ScriptCall, Scripts } from './scripts';

/**
 * Leases in Redis, shared by every instance: a sorted set per key whose members are lease
 * ids scored by their expiry on the Redis server's clock. Taking, renewing and counting
 * drop the expired ones first, in the same script, so a lease of an instance that died
 * stops counting once its time has run out. The set itself expires with its last lease.
 */
export class RedisLeaseStore implements LeaseStore {
  private readonly scripts: Scripts;

  constructor(private readonly connection: RedisConnection) {
    this.scripts = connection.scripts;
  }

  async acquire(key: string, limit: number, ttlMs: number): Promise<string | null> {
    const id = randomUUID();
    const taken = await this.call(this.scripts.wosAcquire, key, limit, Math.ceil(ttlMs), id);
    return taken === 1 ? id : null;
  }

  async renew(key: string, leaseId: string, ttlMs: number): Promise<boolean> {
    return (await this.call(this.scripts.wosRenew, key, leaseId, Math.ceil(ttlMs))) === 1;
  }

  async release(key: string, leaseId: string): Promise<void> {
    await this.connection.run(() => this.connection.client.zrem(KEY_PREFIX + key, leaseId));
  }

  async held(key: string): Promise<number> {
    return (await this.call(this.scripts.wosHeld, key)) as number;
  }

  private call(script: ScriptCall, key: string, ...args: (string | number)[]): Promise<unknown> {
    return this.connection.run(() => script(1, KEY_PREFIX + key, ...args));
  }
}
