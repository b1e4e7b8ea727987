import { z } from 'zod';
import { singleLine } from './text.ts';

export const paymentMethods = ['paypal', 'usdt', 'alephium'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

const submissionId = z.uuid({ error: 'Project submission not found' });
const method = z.enum(paymentMethods, { error: 'Choose PayPal, USDT or Alephium' });

const orderId = z.uuid({ error: 'Order not found' });

/** What is being paid: a project submission or a shop order, exactly one. */
const subject = z
  .object({ submissionId: submissionId.optional(), orderId: orderId.optional() })
  .refine((v) => (v.submissionId === undefined) !== (v.orderId === undefined), {
    error: 'Name the project submission or the order to pay',
    path: ['submissionId'],
  });

/** POST /api/payments/quote */
export const quoteSchema = z.intersection(subject, z.object({ method }));

/** POST /api/payments/paypal/orders */
export const paypalOrderSchema = subject;

/** POST /api/orders/:id/payment-confirm: a shop order's crypto or PayPal payment. */
export const orderPaymentConfirmSchema = z.object({
  paymentMethod: method,
  transactionId: singleLine('Transaction id', { error: 'Transaction failed' })
    .trim()
    .min(1, { error: 'Transaction failed' })
    .max(200, { error: 'Transaction failed' }),
});

/**
 * POST /api/projects/payment-confirm keeps the spec's payload. The server ignores `amount` and
 * `service` (it is the only price authority) and verifies `transactionId` with the provider
 * or on chain: a PayPal order id, an EVM transaction hash, or an Alephium transaction id.
 */
export const paymentConfirmSchema = z.object({
  submissionId,
  paymentMethod: method,
  transactionId: singleLine('Transaction id', { error: 'Transaction failed' })
    .trim()
    .min(1, { error: 'Transaction failed' })
    .max(200, { error: 'Transaction failed' }),
  amount: z.unknown().optional(),
  service: z.unknown().optional(),
  customerInfo: z.unknown().optional(),
  paymentDetails: z.unknown().optional(),
});
export type PaymentConfirmInput = z.input<typeof paymentConfirmSchema>;
