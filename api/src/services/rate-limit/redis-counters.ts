import type { Redis } from 'ioredis';
import type { Counters, GrowingDelay, WindowCount } from './counters.ts';

/**
 * A fixed window as a hash `{count}` that expires with the window: the first hit sets the expiry,
 * later ones only add (`HINCRBY` and `PEXPIRE` in one script, so no key is ever left without
 * one). Answers the count and the milliseconds left.
 */
const HIT = `
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
return {count, redis.call('PTTL', KEYS[1])}`;

const REFUND = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then redis.call('HSET', KEYS[1], 'count', count - 1) end
return 0`;

/**
 * A growing delay as a hash `{count, last}` (hits in the run, the last hit in ms of the server's
 * clock) that expires `reset` after the last hit, which ends the run. The same rule as the
 * PostgreSQL upsert: the hit is taken when the run is over, still within the free hits, or the
 * wait after `count` hits (first * 2^(count - free), at most max) has passed; otherwise nothing
 * changes and the ms left are answered.
 */
const SPACE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local free = tonumber(ARGV[1])
local first = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local reset = tonumber(ARGV[4])
local v = redis.call('HMGET', KEYS[1], 'count', 'last')
local count = tonumber(v[1])
local last = tonumber(v[2])
if count == nil or last == nil or last <= now - reset then
  redis.call('HSET', KEYS[1], 'count', 1, 'last', now)
  redis.call('PEXPIRE', KEYS[1], reset)
  return 0
end
local wait = math.min(first * 2 ^ math.min(math.max(count - free, 0), 40), max)
if count < free or last + wait <= now then
  redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
  redis.call('PEXPIRE', KEYS[1], reset)
  return 0
end
return math.ceil(last + wait - now)`;

type Scripted = Redis & {
  rlHit(key: string, windowMs: number): Promise<[number, number]>;
  rlPeek(key: string): Promise<[number, number]>;
  rlRefund(key: string): Promise<number>;
  rlSpace(
    key: string,
    free: number,
    firstMs: number,
    maxMs: number,
    resetMs: number,
  ): Promise<number>;
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counters in Redis (REDIS_URL), each step one Lua script, atomic on the server. Keys are the
 * client's `keyPrefix` (REDIS_KEY_PREFIX and `rl:`) and the caller's key; they expire by
 * themselves, so nothing needs pruning.
 */
export function redisCounters(redis: Redis): Counters {
  const r = redis as Scripted;
  r.defineCommand('rlHit', { numberOfKeys: 1, lua: HIT });
  r.defineCommand('rlPeek', { numberOfKeys: 1, lua: PEEK, readOnly: true });
  r.defineCommand('rlRefund', { numberOfKeys: 1, lua: REFUND });
  r.defineCommand('rlSpace', { numberOfKeys: 1, lua: SPACE });
  return {
    kind: 'redis',
    async hit(key, windowSeconds): Promise<WindowCount> {
      const [count, ttl] = await r.rlHit(key, Math.ceil(windowSeconds * 1000));
      return { count, retryAfterSeconds: seconds(ttl) };
    },
    async peek(key): Promise<WindowCount> {
      const [count, ttl] = await r.rlPeek(key);
      return count > 0 && ttl > 0
        ? { count, retryAfterSeconds: seconds(ttl) }
        : { count: 0, retryAfterSeconds: 0 };
    },
    async refund(key) {
      await r.rlRefund(key);
    },
    async space(key, { free, firstDelaySeconds, maxDelaySeconds, resetSeconds }: GrowingDelay) {
      const waitMs = await r.rlSpace(
        key,
        free,
        firstDelaySeconds * 1000,
        maxDelaySeconds * 1000,
        Math.ceil(resetSeconds * 1000),
      );
      return waitMs > 0 ? seconds(waitMs) : 0;
    },
    async close() {
      redis.disconnect();
    },
  };
}
