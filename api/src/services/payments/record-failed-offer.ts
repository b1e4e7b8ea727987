import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { type PaymentEventSource, transitionPayment } from './transition-payment.ts';

/**
 * Notes in a crypto payment's history that `reference` can never pay it (wrong recipient, token,
 * amount or tag, reverted, too early or late, conflicted), and leaves the payment open: a
 * stranger's transfer must not close the quote the buyer's transfer carries the tag of
 * (decision 026). Once per payment and reference, under the payment's lock, so parallel offers
 * of one transaction are noted (and counted) once; answers whether this was the first. The
 * reference stops being the one watched if it was.
 */
export async function recordFailedOffer({
  db,
  paymentId,
  reference,
  source,
  reason,
  message,
  detail = {},
}: {
  db: Db;
  paymentId: string;
  reference: string;
  source: PaymentEventSource;
  reason: string;
  message: string;
  detail?: Record<string, unknown>;
}): Promise<{ first: boolean }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ providerReference: payments.providerReference })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!payment) return { first: false };
    const [noted] = await tx
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.paymentId, paymentId),
          sql`${paymentEvents.detail}->>'failedOffer' = ${reference}`,
        ),
      )
      .limit(1);
    if (noted) return { first: false };
    await transitionPayment(tx, {
      paymentId,
      source,
      set: payment.providerReference === reference ? { providerReference: null } : {},
      detail: { failedOffer: reference, reason, message, ...detail },
    });
    return { first: true };
  });
}
