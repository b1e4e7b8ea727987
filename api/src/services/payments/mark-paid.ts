import { messages } from '@studio/shared/messages';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

type Source = 'client' | 'job' | 'webhook' | 'admin';

/**
 * The only way anything becomes paid. Idempotent: confirming the same payment with the same
 * transfer again changes nothing. The payment row is locked, so concurrent confirmations mark
 * it once; `external_id` is UNIQUE, so one transfer can never pay two payments (409).
 */
export async function markPaid({
  db,
  jobs,
  paymentId,
  externalId,
  source,
  reference,
  detail = {},
}: {
  db: Db;
  jobs: Jobs;
  paymentId: string;
  externalId: string;
  source: Source;
  /** The transaction or order offered for it, so the same offer later finds this payment. */
  reference?: string;
  detail?: Record<string, unknown>;
}): Promise<{ newlyPaid: boolean }> {
  let newlyPaid = false;
  try {
    await db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      if (!payment) throw new ApiError('NOT_FOUND', messages.payments.quoteNotFound);
      if (payment.status === 'confirmed' || payment.status === 'refunded') {
        if (payment.externalId === externalId) return;
        throw new ApiError('CONFLICT', messages.payments.alreadyPaid);
      }
      await tx
        .update(payments)
        .set({
          status: 'confirmed',
          externalId,
          confirmedAt: new Date(),
          failureReason: null,
          providerReference: payment.providerReference ?? reference ?? null,
        })
        .where(eq(payments.id, paymentId));
      await tx.insert(paymentEvents).values({
        paymentId,
        fromStatus: payment.status,
        toStatus: 'confirmed',
        source,
        detail: { externalId, ...detail },
      });
      if (payment.submissionId) {
        await tx
          .update(projectSubmissions)
          .set({ paymentState: 'paid', paidAt: new Date() })
          .where(
            and(
              eq(projectSubmissions.id, payment.submissionId),
              ne(projectSubmissions.paymentState, 'paid'),
            ),
          );
      }
      if (payment.orderId) {
        await tx
          .update(orders)
          .set({ status: 'paid', paidAt: new Date() })
          .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'pending')));
      }
      newlyPaid = true;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payments_external_id_key')) {
      throw new ApiError('CONFLICT', messages.payments.alreadyUsed);
    }
    throw error;
  }
  if (newlyPaid) await jobs.send('payment-receipt', { paymentId }, { singletonKey: paymentId });
  return { newlyPaid };
}
