import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/orders.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';

type Source = 'client' | 'job' | 'webhook' | 'admin';
type Status = 'failed' | 'expired' | 'refunded';

/**
 * Moves a payment to failed, expired or refunded, with its history row. Failed and expired
 * apply only to a pending payment (a confirmed one keeps its money); refunded only to a
 * confirmed one, and the submission is then unpaid again.
 */
export async function recordPaymentState({
  db,
  paymentId,
  status,
  source,
  reason,
  detail = {},
}: {
  db: Db;
  paymentId: string;
  status: Status;
  source: Source;
  reason?: string;
  detail?: Record<string, unknown>;
}): Promise<boolean> {
  const from = status === 'refunded' ? (['confirmed'] as const) : (['pending'] as const);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .update(payments)
      .set({ status, failureReason: reason ?? null })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning({ submissionId: payments.submissionId, orderId: payments.orderId });
    if (!before) return false;
    await tx.insert(paymentEvents).values({
      paymentId,
      fromStatus: from[0],
      toStatus: status,
      source,
      detail: reason ? { reason, ...detail } : detail,
    });
    if (status === 'refunded' && before.submissionId) {
      await tx
        .update(projectSubmissions)
        .set({ paymentState: 'unpaid', paidAt: null })
        .where(eq(projectSubmissions.id, before.submissionId));
    }
    if (status === 'refunded' && before.orderId) {
      await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, before.orderId));
      await tx.insert(orderStatusHistory).values({ orderId: before.orderId, status: 'refunded' });
    }
    return true;
  });
}

/** A pending payment's transaction to watch, with a history row. */
export async function recordPending({
  db,
  paymentId,
  reference,
  source,
  detail,
}: {
  db: Db;
  paymentId: string;
  reference: string;
  source: Source;
  detail: Record<string, unknown>;
}) {
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ providerReference: reference })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
    await tx
      .insert(paymentEvents)
      .values({ paymentId, fromStatus: 'pending', toStatus: 'pending', source, detail });
  });
}
