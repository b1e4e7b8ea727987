import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Counters } from './counters.ts';
import { postgresCounters } from './postgres-counters.ts';
import { redisCounters } from './redis-counters.ts';

/** A Redis command that has not answered by then counts as Redis being unreachable. */
const COMMAND_TIMEOUT_MS = 500;
/** After a failed command, Redis is left alone this long before it is tried again. */
const REST_AFTER_FAILURE_MS = 2000;
/** How long start-up waits for the first connection before counting in PostgreSQL meanwhile. */
const FIRST_CONNECT_WAIT_MS = 2000;

/**
 * The rate-limit counters of this process: in PostgreSQL, or with REDIS_URL in Redis, falling
 * back to PostgreSQL while Redis cannot be reached (decision 031). Falling back, rather than
 * letting every request through or refusing with 503, keeps sign-in both open and limited; the
 * price is that hits made during an outage are counted apart from those before it, so a limit
 * may allow up to twice its count across one outage. A request never waits on a Redis that is
 * down: commands are not queued while disconnected, time out after COMMAND_TIMEOUT_MS, and after
 * a failure Redis is skipped for REST_AFTER_FAILURE_MS. The switch each way is logged once.
 */
export async function createCounters({
  env,
  db,
  log,
}: {
  env: Pick<Env, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>;
  db: Db;
  log: Logger;
}): Promise<Counters> {
  const postgres = postgresCounters(db);
  if (!env.REDIS_URL) return postgres;

  const redis = new Redis(env.REDIS_URL, {
    keyPrefix: `${env.REDIS_KEY_PREFIX}rl:`,
    connectionName: 'studio-rate-limits',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  const inRedis = redisCounters(redis);
  let down = false;
  let restUntil = 0;
  // ioredis reports each failed reconnect as an error: they are summed up by the lines below.
  redis.on('error', () => {});
  redis.on('ready', () => {
    if (down) log.info('rate-limit counters: Redis reachable again, counting there');
    down = false;
    restUntil = 0;
  });
  const failed = (err: unknown) => {
    restUntil = Date.now() + REST_AFTER_FAILURE_MS;
    if (down) return;
    down = true;
    log.warn(
      { err },
      'rate-limit counters: Redis unreachable, counting in PostgreSQL until it is back',
    );
  };

  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
  });
  if (redis.status !== 'ready')
    failed(new Error(`no connection within ${FIRST_CONNECT_WAIT_MS} ms`));

  /** Runs `step` in Redis when it is up, else (or when it fails) in PostgreSQL. */
  const either = async <T>(step: (counters: Counters) => Promise<T>): Promise<T> => {
    if (Date.now() >= restUntil) {
      if (redis.status === 'ready') {
        try {
          return await step(inRedis);
        } catch (err) {
          failed(err);
        }
      } else {
        failed(new Error(`the Redis connection is ${redis.status}`));
      }
    }
    return step(postgres);
  };

  return {
    get kind() {
      return redis.status === 'ready' && Date.now() >= restUntil ? 'redis' : 'postgres';
    },
    hit: (key, windowSeconds) => either((c) => c.hit(key, windowSeconds)),
    peek: (key, windowSeconds) => either((c) => c.peek(key, windowSeconds)),
    refund: (key) => either((c) => c.refund(key)),
    space: (key, delay) => either((c) => c.space(key, delay)),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
