import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { orderFilesForReceipt } from '../downloads/present-order-downloads.ts';
import { type BusinessEnv, businessDetails } from '../invoices/business-details.ts';
import { loadSale } from '../invoices/load-sale.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { paymentNotice } from '../mail/templates/payment-notice.ts';
import { paymentReceipt } from '../mail/templates/payment-receipt.ts';
import { roomUrl } from '../project-room/room-url.ts';
import { loadPayable, type Payable, subjectOf } from './load-payment.ts';

/**
 * Queues a confirmed payment's itemised receipt (to the customer) and notice (to the business)
 * as two outbox mails, each keyed by the payment, so each is sent at most once and a failing
 * notice never re-sends the receipt. Called in the transaction that confirms the payment, after
 * the order or submission is paid and has its invoice number; `receipt_sent_at` marks it done, so
 * a repeated call (the legacy `payment-receipt` job) queues nothing.
 */
export async function queuePaymentReceipt(
  db: DbOrTx,
  {
    env,
    secret,
    paymentId,
    payable: loaded,
  }: {
    env: BusinessEnv;
    /** Signs a project's room link (decision 046). */
    secret: string;
    paymentId: string;
    /** What the payment pays for, when the caller has it already (its title): not read again. */
    payable?: Payable;
  },
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
  const subject = subjectOf(payment);
  const [payable, sale] = await Promise.all([
    loaded ?? loadPayable(db, subject),
    loadSale(db, subject),
  ]);
  if (!sale) return;
  const link =
    subject.kind === 'order'
      ? `${env.PUBLIC_URL}/orders/${encodeURIComponent(subject.id)}`
      : roomUrl(env, secret, subject.id);
  await queueMail(db, {
    purpose: 'payment-receipt',
    subjectId: paymentId,
    message: paymentReceipt({
      sale,
      business: businessDetails(env),
      link,
      title: payable.title,
      files: subject.kind === 'order' ? await orderFilesForReceipt(db, subject.id) : [],
    }),
  });
  await queueMail(db, {
    purpose: 'payment-notice',
    subjectId: paymentId,
    message: paymentNotice({ sale, title: payable.title, business: env.CONTACT_TO }),
  });
}
