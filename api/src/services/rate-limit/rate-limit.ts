import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Counts one hit on `key` in a fixed window; one atomic upsert, so concurrent requests on
 * several processes count correctly. Answers whether the count is still within `limit`.
 */
async function countHit(db: Db, key: string, limit: number, windowSeconds: number) {
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

/** Reads the count without adding to it: whether one more hit would still be within `limit`. */
async function peekHits(db: Db, key: string, limit: number, windowSeconds: number) {
  const rows = await db.execute<{ count: number; retry_after: number }>(sql`
    SELECT count, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int AS retry_after
    FROM rate_limits
    WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`);
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: row.count < limit, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/**
 * The one rate limit: counts a hit on `key` in a fixed window of `windowSeconds` (with `peek`,
 * only looks whether one more hit would still be allowed, adding none) and past `limit` throws
 * 429 RATE_LIMITED with `message` and the seconds left in the window as `Retry-After`.
 */
export async function rateLimit({
  db,
  key,
  limit,
  windowSeconds,
  message,
  peek = false,
}: {
  db: Db;
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
  peek?: boolean;
}): Promise<void> {
  const r = await (peek ? peekHits : countHit)(db, key, limit, windowSeconds);
  if (!r.allowed) throw ApiError.rateLimited(message, r.retryAfterSeconds);
}
