import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { subjectOf } from '../payments/load-payment.ts';

/**
 * Marks a pending refund failed (PayPal refused it, or reported it FAILED or CANCELLED): its
 * amount and its stock lines are free again, nothing else changes. Answers false when it was no
 * longer pending.
 */
export async function failRefund(
  tx: Tx,
  {
    refundId,
    reason,
    providerRefundId,
  }: { refundId: string; reason: string; providerRefundId?: string },
): Promise<boolean> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (refund?.status !== 'pending') return false;
  await tx
    .update(refunds)
    .set({
      status: 'failed',
      failureReason: reason.slice(0, 200),
      attemptStartedAt: null,
      ...(providerRefundId ? { providerRefundId } : {}),
    })
    .where(eq(refunds.id, refundId));
  const subject = subjectOf(refund);
  await recordAudit({
    db: tx,
    actorId: null,
    action: 'refund.fail',
    entityType: subject.kind,
    entityId: subject.id,
    detail: { refundId, reason, amountCents: refund.amountCents },
  });
  return true;
}
