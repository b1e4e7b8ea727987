import { centsToDecimal } from '@studio/shared/crypto-units';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import type { Env } from '../../env.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { refundNotice } from '../mail/templates/refund-notice.ts';
import { transitionOrder } from '../orders/transition-order.ts';
import { loadSubmission, type Subject, subjectOf } from '../payments/load-payment.ts';
import { transitionPayment } from '../payments/transition-payment.ts';
import { moveStock } from '../stock/move-stock.ts';
import { transitionSubmission } from '../submissions/transition-submission.ts';
import { transitionRefund } from './transition-refund.ts';

/** Who the mail goes to, and what it names: the order's customer, or the submission's sender. */
async function customerOf(tx: Tx, subject: Subject) {
  if (subject.kind === 'submission') {
    const { submission, service } = await loadSubmission(tx, subject.id);
    return { email: submission.email, name: submission.name, title: service.title };
  }
  const [row] = await tx
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, subject.id));
  if (!row) throw new Error(`refund of a missing order ${subject.id}`);
  return {
    email: row.user.email,
    name: `${row.user.firstName} ${row.user.lastName}`,
    title: `order ${row.order.orderNumber}`,
  };
}

/** Who settled it: the admin's request (or its retry), the settle job, or PayPal's webhook. */
export type RefundSource = 'admin' | 'job' | 'webhook';

/**
 * Marks a pending refund completed, once, with everything that follows in the caller's
 * transaction (decision 035): the lines asked for go back to stock, the payment's history notes
 * the refund, and when the completed refunds reach what was paid (or PayPal says the capture is
 * refunded in all) the payment, the order or the submission move to refunded through their
 * transition functions; then the refund is recorded completed (transitionRefund, with its audit
 * row) and the customer's mail goes in the outbox. Locks the payment first, then the refund:
 * every refund writer takes them in that order, so two refunds completing at once each see the
 * other's total. Answers false when the refund was no longer pending.
 */
export async function completeRefund(
  tx: Tx,
  {
    env,
    refundId,
    source,
    providerRefundId,
    paypal = {},
  }: {
    env: Pick<Env, 'PUBLIC_URL'>;
    refundId: string;
    source: RefundSource;
    providerRefundId?: string;
    /** What PayPal says of the capture: refunded in all so far, or its status REFUNDED. */
    paypal?: { totalRefundedCents?: number; captureRefunded?: boolean };
  },
): Promise<boolean> {
  const [found] = await tx
    .select({ paymentId: refunds.paymentId })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  if (!found) return false;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, found.paymentId))
    .for('update');
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!payment || !refund || refund.status !== 'pending') return false;

  // Stock first, then statuses: the lock order of a checkout and of transitionOrder.
  const actorId = source === 'admin' ? refund.actorId : null;
  let restock = refund.restock;
  if (refund.orderId && restock.length > 0) {
    const [order] = await tx
      .select({ stockReleasedAt: orders.stockReleasedAt })
      .from(orders)
      .where(eq(orders.id, refund.orderId));
    // Cancelled since: the cancellation gave every line back already.
    if (order?.stockReleasedAt) restock = [];
  }
  for (const line of restock) {
    await moveStock(tx, {
      productId: line.productId,
      delta: line.quantity,
      cause: 'refund_restock',
      orderId: refund.orderId,
      actorId: refund.actorId,
    });
  }
  // The refunds completed before this one, and this one (pending until recorded below).
  const [sum] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'completed')));
  const refunded = Math.max(
    Number(sum?.cents ?? 0) + refund.amountCents,
    paypal.totalRefundedCents ?? 0,
  );
  const whole = paypal.captureRefunded === true || refunded >= payment.amountCents;
  const detail = {
    refundId,
    totalRefundedCents: refunded,
    ...(providerRefundId ? { resourceId: providerRefundId } : {}),
  };

  if (whole && payment.status === 'confirmed') {
    await transitionPayment(tx, {
      paymentId: payment.id,
      to: 'refunded',
      source,
      reason: 'refunded',
      detail,
    });
    if (refund.orderId) {
      await transitionOrder(tx, {
        orderId: refund.orderId,
        to: 'refunded',
        source,
        actorId,
        detail: { paymentId: payment.id, refundId },
      });
    }
    if (refund.submissionId) {
      await transitionSubmission(tx, {
        submissionId: refund.submissionId,
        to: 'refunded',
        source,
        actorId,
        detail: { paymentId: payment.id, refundId },
      });
    }
  } else {
    // A part: the status stays, the payment's history notes it.
    await transitionPayment(tx, {
      paymentId: payment.id,
      source,
      detail: { partialRefund: centsToDecimal(refund.amountCents), ...detail },
    });
  }

  // Recorded after the payment's and the subject's moves, so its audit row follows theirs.
  await transitionRefund(tx, {
    refundId,
    to: 'completed',
    actorId,
    restock,
    ...(providerRefundId ? { providerRefundId } : {}),
    detail: { ...detail, method: refund.method, source },
  });
  const subject = subjectOf(refund);
  const payable = await customerOf(tx, subject);
  await queueMail(tx, {
    purpose: 'refund-notice',
    subjectId: refundId,
    message: refundNotice({
      to: payable.email,
      name: payable.name,
      title: payable.title,
      amountCents: refund.amountCents,
      refundedCents: Math.min(refunded, payment.amountCents),
      paidCents: payment.amountCents,
      method: refund.method,
      txHash: refund.txHash,
      reason: refund.reason,
      returnedItems: restock,
      link: refund.orderId
        ? `${env.PUBLIC_URL}/orders/${encodeURIComponent(refund.orderId)}`
        : null,
    }),
  });
  return true;
}
