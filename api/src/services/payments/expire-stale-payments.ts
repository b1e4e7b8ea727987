import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';

/**
 * Expires payments still pending PAYMENT_WATCH_MINUTES after their quote, whatever happened to
 * their re-check jobs (the sweep behind the jobs).
 */
export async function expireStalePayments({
  db,
  env,
}: {
  db: Db;
  env: Pick<Env, 'PAYMENT_WATCH_MINUTES'>;
}) {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(payments)
      .set({ status: 'expired', failureReason: 'not confirmed in time' })
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, sql`now() - make_interval(mins => ${env.PAYMENT_WATCH_MINUTES})`),
        ),
      )
      .returning({ id: payments.id });
    if (expired.length > 0) {
      await tx.insert(paymentEvents).values(
        expired.map((p) => ({
          paymentId: p.id,
          fromStatus: 'pending' as const,
          toStatus: 'expired' as const,
          source: 'job' as const,
          detail: { reason: 'not confirmed in time' },
        })),
      );
    }
    return { expired: expired.length };
  });
}
