import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import type { Counters, GrowingDelay, WindowCount } from './counters.ts';

/**
 * Counters in the `rate_limits` table, one atomic upsert per hit (decision 004): a fixed window
 * keeps its start in `window_start`; a growing delay keeps the hits of its run in `count` and the
 * last hit in `window_start`. Old rows are pruned by the server (pruneRateLimits).
 */
export function postgresCounters(db: Db): Counters {
  return {
    kind: 'postgres',
    async hit(key, windowSeconds): Promise<WindowCount> {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
          },
        })
        .returning({
          count: rateLimits.count,
          retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
        });
      if (!row) throw new Error('rate limit upsert returned no row');
      return { count: row.count, retryAfterSeconds: Math.max(1, row.retryAfter) };
    },

    async peek(key, windowSeconds): Promise<WindowCount> {
      const rows = await db.execute<{ count: number; retry_after: number }>(sql`
        SELECT count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after
        FROM rate_limits
        WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`);
      const row = rows[0];
      if (!row) return { count: 0, retryAfterSeconds: 0 };
      return { count: row.count, retryAfterSeconds: Math.max(1, row.retry_after) };
    },

    async refund(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async space(key, { free, firstDelaySeconds, maxDelaySeconds, resetSeconds }: GrowingDelay) {
      // The wait after `count` hits; the exponent is capped so power() cannot overflow.
      const wait = (count: unknown) =>
        sql`make_interval(secs => least(${firstDelaySeconds}::float8 * power(2, least(greatest(${count} - ${free}::int, 0), 40)), ${maxDelaySeconds}::float8))`;
      const runOver = sql`r.window_start <= now() - make_interval(secs => ${resetSeconds}::float8)`;
      const taken = await db.execute<{ count: number }>(sql`
        INSERT INTO rate_limits AS r (key, window_start, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${runOver} THEN 1 ELSE r.count + 1 END,
          window_start = now()
        WHERE ${runOver} OR r.count < ${free}::int OR r.window_start + ${wait(sql`r.count`)} <= now()
        RETURNING r.count`);
      if (taken.length > 0) return 0;
      const [row] = await db.execute<{ retry_after: number }>(sql`
        SELECT ceil(extract(epoch from (window_start + ${wait(sql`count`)} - now())))::int AS retry_after
        FROM rate_limits WHERE key = ${key}`);
      return Math.max(1, row?.retry_after ?? 1);
    },

    async close() {},
  };
}
