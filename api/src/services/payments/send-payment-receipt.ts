import { formatUnits } from '@studio/shared/crypto-units';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { paymentNotice, paymentReceipt } from '../../mail/templates/payment-mails.ts';
import { loadPayable, subjectOf } from './load-payment.ts';

/**
 * The receipt job: claims the payment's receipt (so a retried job never mails twice), mails the
 * customer and the business; if mailing fails the claim is released and the job retries.
 */
export async function sendPaymentReceipt({
  db,
  env,
  mailer,
  paymentId,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO'>;
  mailer: Mailer;
  paymentId: string;
}) {
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
  try {
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
    await mailer.send(paymentReceipt(receipt));
    await mailer.send(
      paymentNotice({ ...receipt, business: env.CONTACT_TO, customerEmail: payable.email }),
    );
  } catch (error) {
    await db.update(payments).set({ receiptSentAt: null }).where(eq(payments.id, paymentId));
    throw error;
  }
}
