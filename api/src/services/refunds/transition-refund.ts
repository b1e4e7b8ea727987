import type { RefundStatus } from '@studio/shared/schemas/refunds';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Refund, type RestockLine, refunds } from '../../db/schema/refunds.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { subjectOf } from '../payments/load-payment.ts';

export type RefundTransition =
  | { changed: true; refund: Refund }
  /** `not-allowed`: the refund is no longer pending; `missing`: no refund. */
  | { changed: false; refund: Refund | null; reason: 'not-allowed' | 'missing' };

/**
 * The moves a refund can make: a pending one completes (PayPal made it, or the admin's crypto
 * transfer is recorded) or fails (PayPal refused it, or reported it FAILED or CANCELLED). A new
 * refund starts pending, the column's default; a completed or failed one stays so.
 */
const allowedFrom: Record<RefundStatus, readonly RefundStatus[]> = {
  pending: [],
  completed: ['pending'],
  failed: ['pending'],
};

/**
 * The only code that changes a refund's status (decision 043). Inside the caller's transaction it
 * locks the refund, checks the move is allowed, writes the status with the columns that go with
 * it (the attempt's claim is released; a completed refund keeps the stock lines it returned, a
 * failed one why), and the audit row `refund.complete` or `refund.fail` on the refund's order or
 * submission, with `detail`. What follows a completion (stock, the payment, the mail) is the
 * caller's (complete-refund.ts).
 */
export async function transitionRefund(
  tx: Tx,
  {
    refundId,
    to,
    actorId = null,
    reason,
    providerRefundId,
    restock,
    detail = {},
  }: {
    refundId: string;
    to: Exclude<RefundStatus, 'pending'>;
    /** The admin behind the move, for the audit row. */
    actorId?: string | null;
    /** Why it failed (kept for the admin, cut to 200 characters; audited whole). */
    reason?: string;
    /** PayPal's refund id, once PayPal answered. */
    providerRefundId?: string;
    /** The lines the completed refund put back in stock. */
    restock?: RestockLine[];
    detail?: Record<string, unknown>;
  },
): Promise<RefundTransition> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) return { changed: false, refund: null, reason: 'missing' };
  if (!allowedFrom[to].includes(refund.status)) {
    return { changed: false, refund, reason: 'not-allowed' };
  }
  const changes = {
    status: to,
    attemptStartedAt: null,
    ...(to === 'completed'
      ? { completedAt: new Date(), failureReason: null, ...(restock ? { restock } : {}) }
      : { failureReason: (reason ?? '').slice(0, 200) }),
    ...(providerRefundId ? { providerRefundId } : {}),
  };
  await tx.update(refunds).set(changes).where(eq(refunds.id, refundId));
  const subject = subjectOf(refund);
  await recordAudit({
    db: tx,
    actorId,
    action: to === 'completed' ? 'refund.complete' : 'refund.fail',
    entityType: subject.kind,
    entityId: subject.id,
    detail: {
      refundId,
      amountCents: refund.amountCents,
      ...(to === 'failed' ? { reason } : {}),
      ...detail,
    },
  });
  return { changed: true, refund: { ...refund, ...changes } };
}
