import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { refunds } from '../../db/schema/refunds.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Payment } from '../payments/load-payment.ts';
import { paypalClient } from '../payments/paypal-client.ts';
import { recordPaymentState } from '../payments/record-payment-state.ts';
import { completeRefund } from './complete-refund.ts';
import { paypalCents } from './paypal-cents.ts';

/** The refund resource of a PAYMENT.CAPTURE.REFUNDED event (Payments v2 `refund`). */
export interface PaypalRefundResource {
  id?: string;
  status?: string;
  custom_id?: string;
  note_to_payer?: string;
  amount?: { currency_code?: string; value?: string };
  seller_payable_breakdown?: { total_refunded_amount?: { currency_code?: string; value?: string } };
}

/**
 * PayPal's PAYMENT.CAPTURE.REFUNDED for a payment of ours (decision 035). The refund is matched
 * by its `custom_id` (the id of a refund an admin made here) or its PayPal id, and completed:
 * a PENDING one PayPal has now finished, or nothing for one already completed. A refund made in
 * PayPal's own dashboard is recorded as a refund of the webhook. The payment is refunded once the
 * refunds add up to the whole: PayPal's `total_refunded_amount`, else the capture's own status at
 * PayPal (REFUNDED), else our rows.
 */
export async function recordPaypalRefund({
  db,
  env,
  log,
  payment,
  resource,
  captureId,
}: {
  db: Db;
  env: Env;
  log: Logger;
  payment: Payment;
  resource: PaypalRefundResource & { id: string };
  captureId: string | undefined;
}): Promise<void> {
  let total = paypalCents(resource.seller_payable_breakdown?.total_refunded_amount);
  let captureStatus: string | undefined;
  if (total === undefined && captureId) {
    captureStatus = (await paypalClient(env).getCapture(captureId)).status;
  }
  const amount = paypalCents(resource.amount);
  if (total === undefined && captureStatus === undefined) total = amount;
  const paypal = {
    ...(total === undefined ? {} : { totalRefundedCents: total }),
    captureRefunded: captureStatus === 'REFUNDED',
  };

  const completed = await db.transaction(async (tx) => {
    // The payment first, then the refund: the lock order of every refund writer.
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, payment.id))
      .for('update');
    const ours = resource.custom_id && isUuid(resource.custom_id) ? resource.custom_id : undefined;
    let [refund] = ours
      ? await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, ours), eq(refunds.paymentId, payment.id)))
      : [];
    if (!refund) {
      [refund] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, resource.id));
    }
    if (!refund) {
      if (amount === undefined || amount <= 0) {
        log.warn({ paymentId: payment.id, resourceId: resource.id }, 'refund without an amount');
        return false;
      }
      // Made in PayPal's dashboard: recorded so the admin sees it and it counts.
      [refund] = await tx
        .insert(refunds)
        .values({
          id: randomUUID(),
          paymentId: payment.id,
          orderId: payment.orderId,
          submissionId: payment.submissionId,
          amountCents: amount,
          method: 'paypal',
          // Pending, the column's default: completeRefund completes it below.
          source: 'webhook',
          providerRefundId: resource.id,
          reason: resource.note_to_payer?.slice(0, 255) || 'Refunded in PayPal',
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) return false;
    }
    return completeRefund(tx, {
      env,
      refundId: refund.id,
      source: 'webhook',
      providerRefundId: resource.id,
      paypal,
    });
  });
  if (completed) return;
  // Already recorded; PayPal may still know of more than our rows (refunds made before these
  // rows existed): the payment follows PayPal's word.
  const whole = paypal.captureRefunded || (total !== undefined && total >= payment.amountCents);
  if (whole) {
    await recordPaymentState({
      db,
      paymentId: payment.id,
      to: 'refunded',
      source: 'webhook',
      reason: 'refunded',
      detail: { resourceId: resource.id, ...paypal },
    });
  }
}
