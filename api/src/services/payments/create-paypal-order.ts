import { centsToDecimal } from '@studio/shared/crypto-units';
import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { PaypalError, paypalClient } from '../../payments/paypal-client.ts';
import { createQuote } from './create-quote.ts';

/** PayPal orders can be approved for 3 hours; our payment stays open as long. */
const PAYPAL_ORDER_TTL_MS = 3 * 60 * 60 * 1000;

/**
 * Creates the PayPal order from the server's price (the browser sends only the submission):
 * one item with the SKU and quantity 1, item and tax totals, the submission as reference_id,
 * our payment id as custom_id, and no shipping.
 */
export async function createPaypalOrder({
  db,
  env,
  log,
  submissionId,
}: {
  db: Db;
  env: Env;
  log: Logger;
  submissionId: string;
}) {
  const quote = await createQuote({
    db,
    env,
    submissionId,
    method: 'paypal',
    ttlMs: PAYPAL_ORDER_TTL_MS,
  });
  const tax = centsToDecimal(quote.taxCents);
  const price = centsToDecimal(quote.subtotalCents);
  const order = {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: submissionId || 'project-submission',
        custom_id: quote.paymentId,
        description: `${quote.service.title} - project submission`.slice(0, 127),
        amount: {
          currency_code: 'USD',
          value: centsToDecimal(quote.totalCents),
          breakdown: {
            item_total: { currency_code: 'USD', value: price },
            tax_total: { currency_code: 'USD', value: tax },
          },
        },
        items: [
          {
            name: quote.service.title.slice(0, 127),
            sku: quote.service.sku,
            quantity: '1',
            category: 'DIGITAL_GOODS',
            unit_amount: { currency_code: 'USD', value: price },
            tax: { currency_code: 'USD', value: tax },
          },
        ],
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' },
      },
    },
  };
  try {
    const created = await paypalClient(env).createOrder(order, `order-${quote.paymentId}`);
    await db
      .update(payments)
      .set({ providerReference: created.id })
      .where(eq(payments.id, quote.paymentId));
    return { orderId: created.id, paymentId: quote.paymentId, totalText: quote.totalText };
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    log.error({ err: error, submissionId }, 'PayPal order creation failed');
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: 'order-create' })
      .where(eq(payments.id, quote.paymentId));
    throw new ApiError('UNAVAILABLE', messages.payments.providerUnavailable);
  }
}
