import { paymentMessages } from '@studio/shared/messages/payments';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { BusinessEnv } from '../invoices/business-details.ts';
import { transitionOrder } from '../orders/transition-order.ts';
import { transitionSubmission } from '../submissions/transition-submission.ts';
import type { Payable } from './load-payment.ts';
import { queuePaymentReceipt } from './queue-payment-receipt.ts';
import { statusSourceOf } from './status-source-of.ts';
import { transitionPayment } from './transition-payment.ts';

/**
 * The only way anything becomes paid. Idempotent: confirming the same payment with the same
 * transfer again changes nothing. The payment row is locked, so concurrent confirmations mark
 * it once; `external_id` is UNIQUE, so one transfer can never pay two payments (409).
 */
export async function markPaid({
  db,
  env,
  secret,
  paymentId,
  externalId,
  source,
  reference,
  detail = {},
  payable,
}: {
  db: Db;
  env: BusinessEnv;
  /** Signs the receipt's link to a project's room. */
  secret: string;
  paymentId: string;
  externalId: string;
  source: 'client' | 'job' | 'webhook' | 'admin';
  /** The transaction or order offered for it, so the same offer later finds this payment. */
  reference?: string;
  detail?: Record<string, unknown>;
  /** What it pays for, when the caller has loaded it (the receipt's title): not read again. */
  payable?: Payable;
}): Promise<{ newlyPaid: boolean }> {
  let newlyPaid = false;
  try {
    await db.transaction(async (tx) => {
      // The writer locks and reads the payment once; a payment it cannot confirm comes back as
      // it is, to be told apart here.
      const moved = await transitionPayment(tx, {
        paymentId,
        to: 'confirmed',
        source,
        set: (locked) => ({
          externalId,
          confirmedAt: new Date(),
          // The transaction that paid, so offering it again finds this payment (a crypto quote may
          // have watched another one first).
          providerReference: reference ?? locked.providerReference ?? null,
        }),
        detail: { externalId, ...detail },
      });
      const { payment } = moved;
      if (!payment) throw new ApiError('NOT_FOUND', paymentMessages.quoteNotFound);
      if (!moved.changed) {
        if (payment.status !== 'confirmed' && payment.status !== 'refunded') return;
        if (payment.externalId === externalId) return;
        throw new ApiError('CONFLICT', paymentMessages.alreadyPaid);
      }
      const cause = statusSourceOf(source, payment.method);
      if (payment.submissionId) {
        await transitionSubmission(tx, {
          submissionId: payment.submissionId,
          to: 'paid',
          source: cause,
          detail: { paymentId },
        });
      }
      if (payment.orderId) {
        await transitionOrder(tx, {
          orderId: payment.orderId,
          to: 'paid',
          source: cause,
          detail: { paymentId },
        });
      }
      // The receipt and the business notice, in the outbox with the payment: sent after the
      // commit, at most once each.
      await queuePaymentReceipt(tx, { env, secret, paymentId, ...(payable ? { payable } : {}) });
      newlyPaid = true;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payments_external_id_key')) {
      throw new ApiError('CONFLICT', paymentMessages.alreadyUsed);
    }
    throw error;
  }
  return { newlyPaid };
}
