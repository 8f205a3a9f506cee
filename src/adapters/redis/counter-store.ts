import type {
  CounterState,
  CounterStore,
  CounterWindow,
  HitResult,
} from '../../ports/counter-store';
import { KEY_PREFIX, type RedisConnection } from './connection';
import type { ScriptCall } from './scripts';

/**
 * Counters in Redis, shared by every instance: a hit is one Lua script (one round trip) that
 * checks every window and counts in all of them or none. Keys expire by themselves
 * (PEXPIRE at the first hit). Errors are thrown; `FallbackCounterStore` decides what then.
 */
export class RedisCounterStore implements CounterStore {
  private readonly hitScript: ScriptCall;
  private readonly readScript: ScriptCall;

  constructor(private readonly connection: RedisConnection) {
    this.hitScript = connection.scripts.wosHit;
    this.readScript = connection.scripts.wosRead;
  }

  async hit(windows: readonly CounterWindow[]): Promise<HitResult> {
    const args: (string | number)[] = windows.map((w) => KEY_PREFIX + w.key);
    for (const w of windows) {
      args.push(w.limit ?? -1, Math.max(1, Math.ceil(w.ttlMs)));
    }
    const reply = (await this.connection.run(() =>
      this.hitScript(windows.length, ...args),
    )) as number[];
    return { admitted: reply[0] === 1, counts: reply.slice(1) };
  }

  async read(key: string): Promise<CounterState | null> {
    const [count, ttlMs] = (await this.connection.run(() =>
      this.readScript(1, KEY_PREFIX + key),
    )) as [number, number];
    // PTTL: -2 no key, -1 no expiry (never written so by this store).
    return ttlMs === -2 ? null : { count, ttlMs: Math.max(0, ttlMs) };
  }

  async reset(key: string): Promise<void> {
    await this.connection.run(() => this.connection.client.del(KEY_PREFIX + key));
  }
}
