import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { createTestDatabase } from '../../test/setup-db.ts';
import type { Counters } from './counters.ts';
import { postgresCounters } from './postgres-counters.ts';
import { redisCounters } from './redis-counters.ts';

/**
 * The two stores of rate-limit counters answer alike (decision 031): each case runs on
 * PostgreSQL and on the machine's Redis, the latter under a key prefix of this file's own so
 * parallel test files and other runs never meet.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `studio-test:${randomBytes(6).toString('hex')}:rl:`;

let db: Db;
let closeDb: () => Promise<unknown>;
let redis: Redis;
const stores: Record<'postgres' | 'redis', Counters> = {} as never;

beforeAll(async () => {
  const client = createDb(await createTestDatabase(), { max: 8 });
  db = client.db;
  closeDb = () => client.sql.end();
  redis = new Redis(REDIS_URL, { keyPrefix: prefix, lazyConnect: true });
  await redis.connect();
  stores.postgres = postgresCounters(db);
  stores.redis = redisCounters(redis);
});
afterAll(async () => {
  if (redis) {
    const raw = new Redis(REDIS_URL);
    const keys = await raw.keys(`${prefix}*`);
    if (keys.length > 0) await raw.del(...keys);
    raw.disconnect();
    redis.disconnect();
  }
  await closeDb?.();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const freshKey = (what: string) => {
  n += 1;
  return `${what}:${n}`;
};

describe.each(['postgres', 'redis'] as const)('counters in %s', (kind) => {
  const store = () => stores[kind];

  it('a fixed window counts each hit and tells the seconds left in it', async () => {
    const key = freshKey('hit');
    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await store().hit(key, 900));
    expect(hits.map((h) => h.count)).toEqual([1, 2, 3]);
    for (const h of hits) {
      expect(h.retryAfterSeconds).toBeGreaterThanOrEqual(899);
      expect(h.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
    expect((await store().hit(freshKey('other'), 900)).count).toBe(1);
  });

  it('a new window starts from 1 once the last has ended', async () => {
    const key = freshKey('window');
    await store().hit(key, 1);
    expect((await store().hit(key, 1)).count).toBe(2);
    await sleep(1100);
    expect(await store().hit(key, 1)).toEqual({ count: 1, retryAfterSeconds: 1 });
  });

  it('50 hits at once are counted 1 to 50, none lost or doubled', async () => {
    const key = freshKey('parallel');
    const counts = await Promise.all(
      Array.from({ length: 50 }, () =>
        store()
          .hit(key, 900)
          .then((h) => h.count),
      ),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('peek reads without counting; refund takes one back, never below zero', async () => {
    const key = freshKey('peek');
    expect(await store().peek(key, 900)).toEqual({ count: 0, retryAfterSeconds: 0 });
    await store().hit(key, 900);
    await store().hit(key, 900);
    expect((await store().peek(key, 900)).count).toBe(2);
    expect((await store().peek(key, 900)).count).toBe(2);
    await store().refund(key);
    expect((await store().peek(key, 900)).count).toBe(1);
    await store().refund(key);
    await store().refund(key);
    await store().refund(freshKey('never-hit'));
    expect((await store().peek(key, 900)).count).toBe(0);
    expect((await store().hit(key, 900)).count).toBe(1);
  });

  it('a growing delay: free hits, then waits of 0.2 s doubling to a cap of 0.5 s; early hits count nothing', async () => {
    const key = freshKey('delay');
    const delay = { free: 2, firstDelaySeconds: 0.2, maxDelaySeconds: 0.5, resetSeconds: 3600 };
    const space = () => store().space(key, delay);
    expect(await space()).toBe(0);
    expect(await space()).toBe(0);
    // The third must come 0.2 s after the second; a refusal says 1 s (whole seconds, at least 1).
    expect(await space()).toBe(1);
    expect(await space()).toBe(1);
    await sleep(250);
    expect(await space()).toBe(0);
    // The fourth waits 0.4 s: at 0.25 s still refused (the refusals above moved nothing).
    await sleep(250);
    expect(await space()).toBe(1);
    await sleep(200);
    expect(await space()).toBe(0);
    // Then 0.8 s, capped at 0.5.
    await sleep(550);
    expect(await space()).toBe(0);
    // A refund gives one step back: the wait is 0.5 s still (capped), from the last hit.
    await store().refund(key);
    expect(await space()).toBe(1);
  });

  it('a growing delay starts over after resetSeconds without a hit', async () => {
    const key = freshKey('reset');
    const delay = { free: 1, firstDelaySeconds: 60, maxDelaySeconds: 600, resetSeconds: 1 };
    expect(await store().space(key, delay)).toBe(0);
    expect(await store().space(key, delay)).toBe(60);
    await sleep(1100);
    expect(await store().space(key, delay)).toBe(0);
    expect(await store().space(key, delay)).toBe(60);
  });

  it('a long wait is told in whole seconds, rounded up', async () => {
    const key = freshKey('long');
    const delay = { free: 1, firstDelaySeconds: 90.5, maxDelaySeconds: 900, resetSeconds: 3600 };
    expect(await store().space(key, delay)).toBe(0);
    expect(await store().space(key, delay)).toBe(91);
  });
});

describe('where the counts are kept', () => {
  it('PostgreSQL: a row per key in rate_limits; Redis: nothing there, a hash under the prefix that expires with its window', async () => {
    const key = freshKey('where');
    await stores.postgres.hit(`pg:${key}`, 900);
    await stores.redis.hit(`redis:${key}`, 900);
    const rows = await db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${key}`));
    expect(rows.map((r) => r.key)).toEqual([`pg:${key}`]);
    const raw = new Redis(REDIS_URL);
    try {
      expect(await raw.hgetall(`${prefix}redis:${key}`)).toEqual({ count: '1' });
      const ttl = await raw.pttl(`${prefix}redis:${key}`);
      expect(ttl).toBeGreaterThan(898_000);
      expect(ttl).toBeLessThanOrEqual(900_000);
      expect(await raw.exists(`${prefix}pg:${key}`)).toBe(0);
    } finally {
      raw.disconnect();
    }
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `redis:${key}`)),
    ).toEqual([]);
  });
});
