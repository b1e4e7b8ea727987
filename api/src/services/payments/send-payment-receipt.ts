import { formatUnits } from '@studio/shared/crypto-units';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { paymentNotice, paymentReceipt } from '../../mail/templates/payment-mails.ts';
import { loadSubmission } from './load-payment.ts';

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
  env: Pick<Env, 'CONTACT_TO' | 'ALPH_USD_RATE'>;
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
  if (!payment?.submissionId) return;
  try {
    const { submission, service } = await loadSubmission(db, payment.submissionId);
    const receipt = {
      to: submission.email,
      name: submission.name,
      serviceTitle: service.title,
      submissionId: submission.id,
      method: payment.method,
      totalCents: payment.amountCents,
      amountText: null as string | null,
      currency: payment.currency,
      externalId: payment.externalId ?? '',
    };
    if (payment.amountBaseUnits && payment.currency !== 'USD') {
      receipt.amountText = formatUnits(
        BigInt(payment.amountBaseUnits),
        payment.currency === 'USDT' ? 6 : 18,
        2,
      );
    }
    await mailer.send(paymentReceipt(receipt));
    await mailer.send(
      paymentNotice({ ...receipt, business: env.CONTACT_TO, customerEmail: submission.email }),
    );
  } catch (error) {
    await db.update(payments).set({ receiptSentAt: null }).where(eq(payments.id, paymentId));
    throw error;
  }
}
