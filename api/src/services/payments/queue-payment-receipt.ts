import { formatUnits } from '@studio/shared/crypto-units';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import { paymentNotice, paymentReceipt } from '../../mail/templates/payment-mails.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { loadPayable, subjectOf } from './load-payment.ts';

/**
 * Queues a confirmed payment's receipt (to the customer) and notice (to the business) as two
 * outbox mails, each keyed by the payment, so each is sent at most once and a failing notice
 * never re-sends the receipt. Called in the transaction that confirms the payment; `receipt_sent_at`
 * marks it done, so a repeated call (the legacy `payment-receipt` job) queues nothing.
 */
export async function queuePaymentReceipt(
  db: DbOrTx,
  { env, paymentId }: { env: Pick<Env, 'CONTACT_TO'>; paymentId: string },
): Promise<void> {
  const [payment] = await db
    .update(payments)
    .set({ receiptSentAt: new Date() })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, 'confirmed'),
        isNull(payments.receiptSentAt),
      ),
    )
    .returning();
  if (!payment) return;
  const payable = await loadPayable(db, subjectOf(payment));
  const decimals = payment.currency === 'USDT' ? 6 : 18;
  const receipt = {
    to: payable.email,
    name: payable.name,
    serviceTitle: payable.title,
    submissionId: payable.reference,
    method: payment.method,
    totalCents: payment.amountCents,
    amountText:
      payment.amountBaseUnits && payment.currency !== 'USD'
        ? // Cut the quote's sub-cent tag off: the receipt reads the price.
          formatUnits(
            BigInt(payment.amountBaseUnits) -
              (BigInt(payment.amountBaseUnits) % 10n ** BigInt(decimals - 2)),
            decimals,
            2,
          )
        : null,
    currency: payment.currency,
    externalId: payment.externalId ?? '',
  };
  await queueMail(db, {
    purpose: 'payment-receipt',
    subjectId: paymentId,
    message: paymentReceipt(receipt),
  });
  await queueMail(db, {
    purpose: 'payment-notice',
    subjectId: paymentId,
    message: paymentNotice({ ...receipt, business: env.CONTACT_TO, customerEmail: payable.email }),
  });
}
