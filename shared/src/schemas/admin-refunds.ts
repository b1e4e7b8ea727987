import { z } from 'zod';
import { statusSources } from '../statuses.ts';
import { instant, rowId } from './admin-answers.ts';
import { paymentMethods } from './payments.ts';
import { refundStatuses } from './refunds.ts';

/** A payment's statuses; `refunded` covers refunds in full and PayPal reversals. */
export const paymentStatuses = ['pending', 'confirmed', 'failed', 'expired', 'refunded'] as const;

/** One refund of an order or a submission, with who made it (decision 035). */
export const refundSchema = z
  .object({
    id: rowId,
    amountCents: z.int(),
    amount: z.string(),
    method: z.enum(paymentMethods),
    status: z.enum(refundStatuses),
    source: z.enum(statusSources),
    reason: z.string(),
    /** The client's idempotency key. */
    requestId: z.string().nullable(),
    /** PayPal's refund id, once PayPal answered. */
    providerRefundId: z.string().nullable(),
    /** Crypto: the transfer the admin sent. */
    txHash: z.string().nullable(),
    restock: z.array(z.object({ itemId: rowId, name: z.string(), quantity: z.int() })),
    actor: z.object({ name: z.string(), email: z.string() }).nullable(),
    failureReason: z.string().nullable(),
    createdAt: instant,
    completedAt: instant.nullable(),
  })
  .meta({ id: 'Refund' });

/**
 * An order's or a submission's refunds for the admin: the payment that took the money, what was
 * paid, refunded, pending and can still be refunded, and for an order what each line can still
 * put back in stock.
 */
export const refundSummarySchema = z
  .object({
    paymentId: rowId.nullable(),
    paymentStatus: z.enum(paymentStatuses).nullable(),
    method: z.enum(paymentMethods).nullable(),
    paidCents: z.int(),
    refundedCents: z.int(),
    pendingCents: z.int(),
    refundableCents: z.int(),
    paid: z.string(),
    refunded: z.string(),
    refundable: z.string(),
    /** "Partially refunded: $x of $y", "Refunded", or null. */
    label: z.string().nullable(),
    restockable: z.array(
      z.object({
        itemId: rowId,
        productId: rowId,
        name: z.string(),
        sku: z.string(),
        sold: z.int(),
        returned: z.int(),
        left: z.int(),
      }),
    ),
    refunds: z.array(refundSchema),
  })
  .meta({ id: 'RefundSummary' });

/** POST /api/admin/orders/:id/refunds and /api/admin/submissions/:id/refunds: 201 done, 202 pending. */
export const createRefundAnswerSchema = z.object({
  refund: refundSchema,
  refunds: refundSummarySchema,
  message: z.string(),
});
