import type { Db } from '../../db/client.ts';
import { transitionOrder } from '../orders/transition-order.ts';
import { transitionSubmission } from '../submissions/transition-submission.ts';
import { statusSourceOf } from './status-source-of.ts';
import { type PaymentEventSource, transitionPayment } from './transition-payment.ts';

/**
 * Moves a payment to failed, expired or refunded, in one transaction with what follows from it.
 * Failed and expired apply only to a pending payment (a confirmed one keeps its money); refunded
 * only to a confirmed one, and its submission and its order are then refunded too.
 * Answers whether the payment moved.
 */
export async function recordPaymentState({
  db,
  paymentId,
  to,
  source,
  reason,
  detail = {},
}: {
  db: Db;
  paymentId: string;
  to: 'failed' | 'expired' | 'refunded';
  source: PaymentEventSource;
  reason?: string;
  detail?: Record<string, unknown>;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await transitionPayment(tx, { paymentId, to, source, reason, detail });
    if (!moved.changed || to !== 'refunded') return moved.changed;
    const { submissionId, orderId, method } = moved.payment;
    const cause = statusSourceOf(source, method);
    if (submissionId) {
      await transitionSubmission(tx, {
        submissionId,
        to: 'refunded',
        source: cause,
        detail: { paymentId },
      });
    }
    if (orderId) {
      await transitionOrder(tx, { orderId, to: 'refunded', source: cause, detail: { paymentId } });
    }
    return true;
  });
}
