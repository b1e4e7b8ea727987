import { z } from 'zod';

export const paymentMethods = ['paypal', 'usdt', 'alephium'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

const submissionId = z.uuid({ error: 'Project submission not found' });
const method = z.enum(paymentMethods, { error: 'Choose PayPal, USDT or Alephium' });

/** POST /api/payments/quote */
export const quoteSchema = z.object({ submissionId, method });

/** POST /api/payments/paypal/orders */
export const paypalOrderSchema = z.object({ submissionId });

/**
 * POST /api/projects/payment-confirm keeps the spec's payload. The server ignores `amount` and
 * `service` (it is the only price authority) and verifies `transactionId` with the provider
 * or on chain: a PayPal order id, an EVM transaction hash, or an Alephium transaction id.
 */
export const paymentConfirmSchema = z.object({
  submissionId,
  paymentMethod: method,
  transactionId: z
    .string({ error: 'Transaction failed' })
    .trim()
    .min(1, { error: 'Transaction failed' })
    .max(200, { error: 'Transaction failed' }),
  amount: z.unknown().optional(),
  service: z.unknown().optional(),
  customerInfo: z.unknown().optional(),
  paymentDetails: z.unknown().optional(),
});
export type PaymentConfirmInput = z.input<typeof paymentConfirmSchema>;
