import { centsToDecimal } from '@studio/shared/crypto-units';
import { refundMessages } from '@studio/shared/messages/refunds';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { type Refund, refunds } from '../../db/schema/refunds.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { PaypalError, type PaypalRefund, paypalClient } from '../payments/paypal-client.ts';
import { PeerUnavailableError } from '../payments/peer-unavailable-error.ts';
import { completeRefund, type RefundSource } from './complete-refund.ts';
import { paypalCents } from './paypal-cents.ts';
import { transitionRefund } from './transition-refund.ts';

/** What PayPal's refusal reads as for the admin. */
function refusal(error: PaypalError): string {
  if (error.hasIssue('CAPTURE_FULLY_REFUNDED')) return refundMessages.paypalFullyRefunded;
  if (error.hasIssue('REFUND_AMOUNT_EXCEEDED')) return refundMessages.paypalAmountExceeded;
  const issue = error.body.details?.[0]?.issue ?? error.body.name;
  return typeof issue === 'string' && /^[A-Z_]{1,60}$/.test(issue)
    ? refundMessages.paypalRefused(issue)
    : refundMessages.paypalFailed;
}

/**
 * Asks PayPal to make a pending PayPal refund (Payments v2 `captures/{id}/refund`) and records its
 * answer (decision 035). Every attempt sends the refund's one PayPal-Request-Id, so an attempt
 * after a timeout, a crash or an outage gets the refund PayPal already made (its latest status)
 * instead of a second one. One attempt at a time: an attempt claims the row for as long as a call
 * can last (two tries of PAYMENT_PROVIDER_TIMEOUT_MS), and another one meanwhile does nothing.
 *
 * COMPLETED completes the refund; PENDING keeps it pending (PayPal's webhook completes it);
 * FAILED, CANCELLED or a refusal fail it (422); PayPal unreachable leaves it pending and
 * unclaimed for the next attempt (503). Answers the refund as it is after the attempt, and
 * whether this call made one.
 */
export async function sendPaypalRefund({
  db,
  env,
  log,
  refundId,
  source,
}: {
  db: Db;
  env: Env;
  log: Logger;
  refundId: string;
  source: RefundSource;
}): Promise<{ refund: Refund; attempted: boolean }> {
  const callMs = env.PAYMENT_PROVIDER_TIMEOUT_MS * 2 + 1000;
  const [claimed] = await db
    .update(refunds)
    .set({ attemptStartedAt: new Date() })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, 'pending'),
        eq(refunds.method, 'paypal'),
        or(
          isNull(refunds.attemptStartedAt),
          lt(refunds.attemptStartedAt, sql`now() - make_interval(secs => ${callMs / 1000})`),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const [now] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!now) throw new Error(`refund ${refundId} vanished`);
    return { refund: now, attempted: false };
  }
  const [payment] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId));
  const captureId = payment?.externalId?.replace(/^paypal:/, '') ?? '';

  let answer: PaypalRefund;
  try {
    answer = await paypalClient(env).refundCapture(
      captureId,
      {
        amount: { currency_code: 'USD', value: centsToDecimal(claimed.amountCents) },
        custom_id: claimed.id,
        note_to_payer: claimed.reason,
      },
      claimed.paypalRequestId ?? `refund-${claimed.id}`,
    );
  } catch (error) {
    if (error instanceof PeerUnavailableError) {
      log.warn({ err: error, refundId }, 'PayPal unavailable for a refund; it stays pending');
      await db
        .update(refunds)
        .set({ attemptStartedAt: null, failureReason: error.detail.slice(0, 200) })
        .where(eq(refunds.id, refundId));
      throw ApiError.unavailable(refundMessages.paypalUnavailable, error.retryAfterSeconds ?? 5);
    }
    if (error instanceof PaypalError) {
      log.warn({ err: error, refundId }, 'PayPal refused a refund');
      await db.transaction((tx) =>
        transitionRefund(tx, {
          refundId,
          to: 'failed',
          reason: error.message.replace(/^PayPal answered /, ''),
        }),
      );
      throw new ApiError('UNPROCESSABLE', refusal(error));
    }
    // Our own fault: the claim runs out, and the next attempt asks again with the same id.
    throw error;
  }

  const value = paypalCents(answer.amount);
  if (value !== undefined && value !== claimed.amountCents) {
    log.error({ refundId, amount: answer.amount }, 'PayPal refunded another amount than asked');
  }
  await db.transaction(async (tx) => {
    if (answer.status === 'COMPLETED') {
      const total = paypalCents(answer.seller_payable_breakdown?.total_refunded_amount);
      await completeRefund(tx, {
        env,
        refundId,
        source,
        providerRefundId: answer.id,
        paypal: total === undefined ? {} : { totalRefundedCents: total },
      });
    } else if (answer.status === 'FAILED' || answer.status === 'CANCELLED') {
      const why = answer.status_details?.reason;
      await transitionRefund(tx, {
        refundId,
        to: 'failed',
        reason: `PayPal: ${answer.status}${why ? ` (${why})` : ''}`,
        providerRefundId: answer.id,
      });
    } else {
      // PENDING (an eCheck, a review): PayPal's webhook PAYMENT.CAPTURE.REFUNDED completes it.
      await tx
        .update(refunds)
        .set({
          providerRefundId: answer.id,
          attemptStartedAt: null,
          failureReason: answer.status_details?.reason ?? null,
        })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    }
  });
  const [after] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!after) throw new Error(`refund ${refundId} vanished`);
  if (after.status === 'failed') throw new ApiError('UNPROCESSABLE', refundMessages.paypalFailed);
  return { refund: after, attempted: true };
}
