import type { Redis } from 'ioredis';

/**
 * The Lua scripts behind the counter and lease stores. Each runs atomically in Redis, so a
 * check and the write it guards can never interleave with another instance's. Times of
 * leases come from the Redis server's clock (`TIME`), one clock for every instance.
 */
/** Lua: `now`, the Redis server's time in milliseconds. */
const SERVER_NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Lua: the leases' key (KEYS[1]) expires with its latest lease, so an idle set goes away. */
const EXPIRE_WITH_LAST_LEASE = `local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])`;

const SCRIPTS = {
  /**
   * KEYS: the windows' keys. ARGV: per window its limit (-1: none) and time to live in ms.
   * Counts a hit in every window when all have room, else in none. Returns
   * `{admitted (1|0), count1, count2, ...}`.
   */
  wosHit: `
local counts = {}
local admitted = 1
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  counts[i] = count
  local limit = tonumber(ARGV[2 * i - 1])
  if limit >= 0 and count >= limit then admitted = 0 end
end
if admitted == 1 then
  for i = 1, #KEYS do
    counts[i] = redis.call('INCR', KEYS[i])
    if counts[i] == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
  end
end
table.insert(counts, 1, admitted)
return counts`,
  /** KEYS[1]: a counter. Returns `{count, ttlMs}`, or `{0, -2}` when there is none. */
  wosRead: `
local count = redis.call('GET', KEYS[1])
if not count then return {0, -2} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`,
  /**
   * KEYS[1]: a sorted set of lease ids scored by expiry (ms). ARGV: limit, ttlMs, lease id.
   * Drops expired leases, then adds this one if fewer than the limit remain. Returns 1|0.
   */
  wosAcquire: `
${SERVER_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
${EXPIRE_WITH_LAST_LEASE}
return 1`,
  /** KEYS[1]: the leases. ARGV: lease id, ttlMs. Extends an unexpired lease. Returns 1|0. */
  wosRenew: `
${SERVER_NOW}
local until_ms = redis.call('ZSCORE', KEYS[1], ARGV[1])
if (not until_ms) or tonumber(until_ms) <= now then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
${EXPIRE_WITH_LAST_LEASE}
return 1`,
  /** KEYS[1]: the leases. Returns how many have not expired. */
  wosHeld: `
${SERVER_NOW}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`,
} as const;

type ScriptName = keyof typeof SCRIPTS;

/** Every script, by name. */
export type Scripts = Record<ScriptName, ScriptCall>;

/** A script as a function: `(numberOfKeys, ...keysThenArgs)`. */
export type ScriptCall = (numberOfKeys: number, ...args: (string | number)[]) => Promise<unknown>;

/**
 * Registers the scripts on `client` (ioredis sends EVALSHA, and the script itself the first
 * time a server does not know it, after a Redis restart too) and returns them as functions.
 */
export function defineScripts(client: Redis): Scripts {
  const calls = {} as Record<ScriptName, ScriptCall>;
  for (const [name, lua] of Object.entries(SCRIPTS) as [ScriptName, string][]) {
    client.defineCommand(name, { lua });
    const method = (client as unknown as Record<ScriptName, ScriptCall>)[name];
    calls[name] = method.bind(client);
  }
  return calls;
}
