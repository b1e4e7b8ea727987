import { z } from 'zod';
import { limits } from '../limits.ts';
import { refundMessages as m } from '../messages/refunds.ts';
import { formatUsd } from '../money.ts';
import { singleLine } from './text.ts';

/** pending: asked of PayPal and not yet confirmed; completed: the money went back; failed. */
export const refundStatuses = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** PayPal's `note_to_payer` takes at most 255 characters; the reason is sent as it. */
export const refundReasonMax = 255;

/**
 * POST /api/admin/orders/:id/refunds and /api/admin/submissions/:id/refunds. `requestId` is made
 * by the client once per refund it means to make (a UUID): the same one again is the same refund,
 * so a double click, a retry or a timeout-then-retry never refunds twice (decision 035).
 */
export const createRefundSchema = z.object({
  amountCents: z
    .number({ error: m.amountRequired })
    .int({ error: m.amountWhole })
    .min(1, { error: m.amountPositive })
    .max(100_000_000, { error: m.amountTooLarge }),
  reason: singleLine('Reason', { error: m.reasonRequired })
    .trim()
    .min(1, { error: m.reasonRequired })
    .max(refundReasonMax, { error: m.reasonTooLong }),
  /** Lines of the order to put back in stock (orders only); a quantity of 0 is ignored. */
  restock: z
    .array(
      z.object({
        itemId: z.uuid({ error: m.restockNotInOrder }),
        quantity: z
          .number({ error: m.restockQuantity })
          .int({ error: m.restockQuantity })
          .min(0, { error: m.restockQuantity })
          .max(limits.maxQuantityPerLine * 100, { error: m.restockQuantity }),
      }),
      { error: m.restockNotInOrder },
    )
    .max(50, { error: m.restockNotInOrder })
    .optional(),
  /** Crypto refunds only: the transfer the admin sent from their wallet. */
  txHash: singleLine('Transaction hash').trim().max(100, { error: m.txHashTooLong }).optional(),
  requestId: z.uuid({ error: m.requestIdRequired }),
});
export type CreateRefundInput = z.input<typeof createRefundSchema>;

/**
 * How a payment's refunds read beside its status: nothing, "Refunded", or "Partially refunded:
 * $x of $y" while part of it is back with the customer and the status stays as it was.
 */
export function refundedLabel(refundedCents: number, paidCents: number): string | null {
  if (refundedCents <= 0 || paidCents <= 0) return null;
  if (refundedCents >= paidCents) return 'Refunded';
  return `Partially refunded: ${formatUsd(refundedCents)} of ${formatUsd(paidCents)}`;
}
