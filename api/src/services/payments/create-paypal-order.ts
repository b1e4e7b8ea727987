import { centsToDecimal } from '@studio/shared/crypto-units';
import { paymentMessages } from '@studio/shared/messages/payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { User } from '../../db/schema/users.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { createQuote } from './create-quote.ts';
import type { Subject } from './load-payment.ts';
import { paypalClient } from './paypal-client.ts';
import { recordPaymentState } from './record-payment-state.ts';

/** PayPal orders can be approved for 3 hours; our payment stays open as long. */
const PAYPAL_ORDER_TTL_MS = 3 * 60 * 60 * 1000;

const usd = (cents: number) => ({ currency_code: 'USD', value: centsToDecimal(cents) });

/**
 * Creates the PayPal order from the server's amounts (the browser names only what it pays):
 * its items with SKU and quantity, item/tax/shipping totals, the submission id (or order
 * number) as reference_id, our payment id as custom_id, and no PayPal shipping step.
 */
export async function createPaypalOrder({
  db,
  env,
  log,
  subject,
  caller,
}: {
  db: Db;
  env: Env;
  log: Logger;
  subject: Subject;
  caller: User | null;
}) {
  const quote = await createQuote({
    db,
    env,
    subject,
    caller,
    method: 'paypal',
    ttlMs: PAYPAL_ORDER_TTL_MS,
  });
  // Item taxes must add up to the tax total: a single line carries it all (a submission is one
  // item, quantity 1); an order states only the tax total.
  const single = quote.lines.length === 1 && quote.lines[0]?.quantity === 1;
  const order = {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id:
          subject.kind === 'submission'
            ? subject.id || 'project-submission'
            : quote.title.replace('Order ', ''),
        custom_id: quote.paymentId,
        description:
          `${quote.title}${subject.kind === 'submission' ? ' - project submission' : ''}`.slice(
            0,
            127,
          ),
        amount: {
          ...usd(quote.totalCents),
          breakdown: {
            item_total: usd(quote.subtotalCents),
            tax_total: usd(quote.taxCents),
            ...(quote.shippingCents > 0 ? { shipping: usd(quote.shippingCents) } : {}),
          },
        },
        items: quote.lines.map((line) => ({
          name: line.name.slice(0, 127),
          sku: line.sku,
          quantity: String(line.quantity),
          category: line.digital ? 'DIGITAL_GOODS' : 'PHYSICAL_GOODS',
          unit_amount: usd(line.unitPriceCents),
          ...(single ? { tax: usd(quote.taxCents) } : {}),
        })),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' },
      },
    },
  };
  try {
    // Retried once on a timeout or a 5xx with the same PayPal-Request-Id: one order at most.
    const created = await paypalClient(env).createOrder(order, `order-${quote.paymentId}`);
    await db
      .update(payments)
      .set({ providerReference: created.id })
      .where(eq(payments.id, quote.paymentId));
    return { orderId: created.id, paymentId: quote.paymentId, totalText: quote.totalText };
  } catch (error) {
    // Whatever went wrong, the opened payment must not linger as pending.
    log.error({ err: error, subject }, 'PayPal order creation failed');
    await recordPaymentState({
      db,
      paymentId: quote.paymentId,
      to: 'failed',
      source: 'client',
      reason: 'order-create',
    });
    throw ApiError.unavailable(paymentMessages.providerUnavailable);
  }
}
