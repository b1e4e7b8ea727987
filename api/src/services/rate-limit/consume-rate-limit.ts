import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';

/**
 * Counts one hit on `key` in a fixed window and answers whether it is still within `limit`.
 * One atomic upsert, so concurrent requests on several processes count correctly.
 */
export async function consumeRateLimit({
  db,
  key,
  limit,
  windowSeconds,
}: {
  db: Db;
  key: string;
  limit: number;
  windowSeconds: number;
}): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
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
  return { allowed: row.count <= limit, retryAfterSeconds: Math.max(1, row.retryAfter) };
}

/** Reads the count without adding to it. */
export async function peekRateLimit({
  db,
  key,
  limit,
  windowSeconds,
}: {
  db: Db;
  key: string;
  limit: number;
  windowSeconds: number;
}): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const rows = await db.execute<{ count: number; retry_after: number }>(sql`
    SELECT count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after
    FROM rate_limits
    WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`);
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: row.count < limit, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/** Drops windows that ended; run now and then. */
export async function pruneRateLimits({
  db,
  olderThanSeconds,
}: {
  db: Db;
  olderThanSeconds: number;
}) {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - make_interval(secs => ${olderThanSeconds})`));
}
