import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import type { User } from '../../db/schema/users.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { amountsDue } from './amounts-due.ts';
import { checkPayer } from './check-payer.ts';
import { loadPayable, type Subject } from './load-payment.ts';
import { isEnabled, paymentSettings, QUOTE_TTL_MS } from './payment-settings.ts';
import { transitionPayment } from './transition-payment.ts';

/**
 * Opens a payment for a submission or an order: the server's own amounts (subtotal, shipping,
 * 7% tax, total, crypto amount in base units), where to send it, and an expiry 15 minutes ahead.
 */
export async function createQuote({
  db,
  env,
  subject,
  caller,
  method,
  ttlMs = QUOTE_TTL_MS,
}: {
  db: Db;
  env: Env;
  subject: Subject;
  /** The signed-in person asking, if any: an order is paid only by its customer. */
  caller: User | null;
  method: PaymentMethod;
  ttlMs?: number;
}) {
  await checkPayer({ db, subject, caller });
  const payable = await loadPayable(db, subject);
  if (payable.paid) {
    throw new ApiError(
      'CONFLICT',
      subject.kind === 'order' ? orderMessages.alreadyPaid : paymentMessages.alreadyPaid,
    );
  }
  if (!payable.payable) throw new ApiError('CONFLICT', orderMessages.notPayable);
  if (!isEnabled(env, method))
    throw new ApiError('UNPROCESSABLE', paymentMessages.methodUnavailable);
  if (payable.totalCents <= 0) throw new ApiError('UNPROCESSABLE', paymentMessages.nothingToPay);

  const due = amountsDue(payable, method, env.ALPH_USD_RATE);
  const expiresAt = new Date(Date.now() + ttlMs);
  const payment = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        method,
        submissionId: subject.kind === 'submission' ? subject.id : null,
        orderId: subject.kind === 'order' ? subject.id : null,
        amountCents: due.totalCents,
        amountBaseUnits: due.baseUnits?.toString() ?? null,
        currency: due.currency,
        quoteExpiresAt: expiresAt,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (subject.kind === 'order') {
      // The order keeps its stock at least as long as this quote can be paid.
      await tx
        .update(orders)
        .set({
          reservedUntil: sql`greatest(${orders.reservedUntil}, ${new Date(expiresAt.getTime() + 5 * 60_000).toISOString()}::timestamptz)`,
        })
        .where(eq(orders.id, subject.id));
    }
    await transitionPayment(tx, {
      paymentId: row.id,
      source: 'quote',
      opened: true,
      detail: { totalCents: due.totalCents, baseUnits: due.baseUnits?.toString() ?? null },
    });
    return row;
  });

  const settings = paymentSettings(env);
  return {
    paymentId: payment.id,
    ...(subject.kind === 'submission' ? { submissionId: subject.id } : { orderId: subject.id }),
    method,
    title: payable.title,
    lines: payable.lines,
    subtotalCents: due.subtotalCents,
    shippingCents: due.shippingCents,
    taxCents: due.taxCents,
    totalCents: due.totalCents,
    subtotalText: due.subtotalText,
    shippingText: due.shippingText,
    taxText: due.taxText,
    totalText: due.totalText,
    currency: due.currency,
    /** Crypto amount due in base units (USDT 6 decimals, ALPH atto) as a decimal string. */
    amountBaseUnits: due.baseUnits?.toString() ?? null,
    amountText: due.amountText,
    merchantAddress:
      method === 'usdt' && settings.usdt.enabled
        ? settings.usdt.merchantAddress
        : method === 'alephium' && settings.alephium.enabled
          ? settings.alephium.merchantAddress
          : null,
    tokenContract: settings.usdt.enabled && method === 'usdt' ? settings.usdt.contract : null,
    chainId: settings.usdt.enabled && method === 'usdt' ? settings.usdt.chainId : null,
    expiresAt: expiresAt.toISOString(),
  };
}
