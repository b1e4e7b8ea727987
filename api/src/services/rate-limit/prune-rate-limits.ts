import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';

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
