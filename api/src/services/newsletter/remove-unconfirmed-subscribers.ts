import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';

/** How long a sign-up nobody confirmed is kept (decision 025). */
export const UNCONFIRMED_KEEP_DAYS = 30;

/**
 * Sign-ups not confirmed within UNCONFIRMED_KEEP_DAYS of their last request go: the row is
 * deleted, or, for an address that had unsubscribed before, put back to `unsubscribed` (the wish
 * to get nothing outlives the request). Run by the API's housekeeping every few minutes.
 */
export async function removeUnconfirmedSubscribers({
  db,
  keepDays = UNCONFIRMED_KEEP_DAYS,
}: {
  db: DbOrTx;
  keepDays?: number;
}): Promise<{ removed: number; unsubscribedAgain: number }> {
  const stale = and(
    eq(subscribers.status, 'pending'),
    lt(
      sql`coalesce(${subscribers.requestedAt}, ${subscribers.createdAt})`,
      sql`now() - make_interval(days => ${keepDays})`,
    ),
  );
  const removed = await db
    .delete(subscribers)
    .where(and(stale, isNull(subscribers.unsubscribedAt)))
    .returning({ id: subscribers.id });
  const back = await db
    .update(subscribers)
    .set({ status: 'unsubscribed', updatedAt: sql`now()` })
    .where(and(stale, isNotNull(subscribers.unsubscribedAt)))
    .returning({ id: subscribers.id });
  return { removed: removed.length, unsubscribedAgain: back.length };
}
