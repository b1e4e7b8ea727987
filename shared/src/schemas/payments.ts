import { z } from 'zod';
import { isoDateTime } from './answers.ts';
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

const disabled = z.object({ enabled: z.literal(false) });

/** GET /api/payments/config: which methods take money, and their public parameters only. */
export const paymentConfigAnswerSchema = z.object({
  paypal: z.discriminatedUnion('enabled', [
    z.object({ enabled: z.literal(true), clientId: z.string(), currency: z.string() }),
    disabled,
  ]),
  usdt: z.discriminatedUnion('enabled', [
    z.object({
      enabled: z.literal(true),
      chainId: z.number().int(),
      contract: z.string(),
      decimals: z.number().int(),
      merchantAddress: z.string(),
      confirmations: z.number().int(),
    }),
    disabled,
  ]),
  alephium: z.discriminatedUnion('enabled', [
    z.object({
      enabled: z.literal(true),
      merchantAddress: z.string(),
      /** A decimal number as text, such as `0.5`. */
      usdPerAlph: z.string(),
      confirmations: z.number().int(),
    }),
    disabled,
  ]),
});
export type PaymentConfigAnswer = z.infer<typeof paymentConfigAnswerSchema>;

const quoteFields = z.object({
  paymentId: z.uuid(),
  method,
  title: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      /** Delivered as files (a digital product, a project's work): nothing is shipped. */
      digital: z.boolean(),
    }),
  ),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  subtotalText: z.string(),
  shippingText: z.string(),
  taxText: z.string(),
  totalText: z.string(),
  /** `USD`, `USDT` or `ALPH`. */
  currency: z.string(),
  /** The crypto amount due in base units (USDT 6 decimals, ALPH atto) as a decimal string. */
  amountBaseUnits: z.string().nullable(),
  amountText: z.string(),
  merchantAddress: z.string().nullable(),
  tokenContract: z.string().nullable(),
  chainId: z.number().int().nullable(),
  expiresAt: isoDateTime,
});

/** POST /api/payments/quote (201): the server's amounts for a submission or an order. */
export const paymentQuoteAnswerSchema = z.union([
  quoteFields.extend({ submissionId: z.uuid() }),
  quoteFields.extend({ orderId: z.uuid() }),
]);
export type PaymentQuoteAnswer = z.infer<typeof paymentQuoteAnswerSchema>;

/** POST /api/payments/paypal/orders (201): PayPal's order id for its buttons, and our payment. */
export const paypalOrderAnswerSchema = z.object({
  orderId: z.string(),
  paymentId: z.uuid(),
  totalText: z.string(),
});
export type PaypalOrderAnswer = z.infer<typeof paypalOrderAnswerSchema>;

/** POST /api/payments/paypal/webhook: received; `handled` when the event changed a payment. */
export const paypalWebhookAnswerSchema = z.object({
  received: z.literal(true),
  handled: z.boolean(),
});
export type PaypalWebhookAnswer = z.infer<typeof paypalWebhookAnswerSchema>;

/** POST /api/orders/:id/payment-confirm, 200: the payment is confirmed. */
export const orderPaymentConfirmedAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('confirmed'),
  paymentId: z.uuid(),
});
/** POST /api/orders/:id/payment-confirm, 202: the transfer is seen, not yet confirmed. */
export const orderPaymentPendingAnswerSchema = orderPaymentConfirmedAnswerSchema.extend({
  status: z.literal('pending'),
});
export type OrderPaymentConfirmAnswer =
  | z.infer<typeof orderPaymentConfirmedAnswerSchema>
  | z.infer<typeof orderPaymentPendingAnswerSchema>;

/** POST /api/projects/payment-confirm, 200: confirmed, with the sentence the page shows. */
export const projectPaymentConfirmedAnswerSchema = orderPaymentConfirmedAnswerSchema.extend({
  message: z.string(),
});
/** POST /api/projects/payment-confirm, 202: seen, not yet confirmed. */
export const projectPaymentPendingAnswerSchema = orderPaymentPendingAnswerSchema.extend({
  message: z.string(),
});
export type ProjectPaymentConfirmedAnswer = z.infer<typeof projectPaymentConfirmedAnswerSchema>;
export type ProjectPaymentPendingAnswer = z.infer<typeof projectPaymentPendingAnswerSchema>;
