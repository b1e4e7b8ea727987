import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import { transitionPayment } from './transition-payment.ts';

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
    const stale = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lt(payments.createdAt, sql`now() - make_interval(mins => ${env.PAYMENT_WATCH_MINUTES})`),
        ),
      )
      .for('update', { skipLocked: true });
    let expired = 0;
    for (const { id } of stale) {
      const moved = await transitionPayment(tx, {
        paymentId: id,
        to: 'expired',
        source: 'job',
        reason: 'not confirmed in time',
      });
      if (moved.changed) expired += 1;
    }
    return { expired };
  });
}
