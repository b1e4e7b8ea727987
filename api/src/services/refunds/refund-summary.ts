import { formatUsd } from '@studio/shared/money';
import { refundedLabel } from '@studio/shared/schemas/refunds';
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { type Refund, refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import type { Subject } from '../payments/load-payment.ts';

const ofSubject = (subject: Subject) =>
  subject.kind === 'order'
    ? { payment: eq(payments.orderId, subject.id), refund: eq(refunds.orderId, subject.id) }
    : {
        payment: eq(payments.submissionId, subject.id),
        refund: eq(refunds.submissionId, subject.id),
      };

/**
 * An order's or a submission's refunds for the admin (decision 035): the payment that took the
 * money, what was paid, refunded, pending and can still be refunded, each refund with who made
 * it, and for an order each line with how many can still go back to stock (sold, less what
 * refunds returned or hold for a pending one; none once a cancellation gave the whole order
 * back). The refund service reads the same figures under the payment's lock.
 */
export async function refundSummary(db: DbOrTx, subject: Subject) {
  const where = ofSubject(subject);
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        where.payment,
        or(eq(payments.status, 'confirmed'), eq(payments.status, 'refunded')),
        isNotNull(payments.confirmedAt),
      ),
    )
    .orderBy(desc(payments.confirmedAt))
    .limit(1);
  const rows: Refund[] = await db
    .select()
    .from(refunds)
    .where(where.refund)
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const actors = actorIds.length
    ? await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];

  const sum = (status: Refund['status']) =>
    rows.filter((r) => r.status === status).reduce((total, r) => total + r.amountCents, 0);
  const paidCents = payment?.amountCents ?? 0;
  const refundedCents = sum('completed');
  const pendingCents = sum('pending');
  const refundableCents =
    payment?.status === 'confirmed' ? Math.max(0, paidCents - refundedCents - pendingCents) : 0;

  let restockable: {
    itemId: string;
    productId: string;
    name: string;
    sku: string;
    sold: number;
    returned: number;
    left: number;
  }[] = [];
  if (subject.kind === 'order') {
    const [order] = await db
      .select({ stockReleasedAt: orders.stockReleasedAt })
      .from(orders)
      .where(eq(orders.id, subject.id));
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, subject.id))
      .orderBy(asc(orderItems.name), asc(orderItems.id));
    restockable = items.map((item) => {
      const returned = rows
        .filter((r) => r.status !== 'failed')
        .flatMap((r) => r.restock)
        .filter((line) => line.itemId === item.id)
        .reduce((total, line) => total + line.quantity, 0);
      return {
        itemId: item.id,
        productId: item.productId,
        name: item.name,
        sku: item.sku,
        sold: item.quantity,
        returned,
        // A cancelled order already gave all of its stock back.
        left: order?.stockReleasedAt ? 0 : Math.max(0, item.quantity - returned),
      };
    });
  }

  return {
    paymentId: payment?.id ?? null,
    paymentStatus: payment?.status ?? null,
    method: payment?.method ?? null,
    paidCents,
    refundedCents,
    pendingCents,
    refundableCents,
    paid: formatUsd(paidCents),
    refunded: formatUsd(refundedCents),
    refundable: formatUsd(refundableCents),
    /** "Partially refunded: $x of $y", "Refunded", or null. */
    label: refundedLabel(refundedCents, paidCents),
    restockable,
    refunds: rows.map((r) => {
      const actor = actors.find((a) => a.id === r.actorId);
      return {
        id: r.id,
        amountCents: r.amountCents,
        amount: formatUsd(r.amountCents),
        method: r.method,
        status: r.status,
        source: r.source,
        reason: r.reason,
        requestId: r.requestId,
        providerRefundId: r.providerRefundId,
        txHash: r.txHash,
        restock: r.restock.map(({ itemId, name, quantity }) => ({ itemId, name, quantity })),
        actor: actor
          ? { name: `${actor.firstName} ${actor.lastName}`.trim(), email: actor.email }
          : null,
        failureReason: r.failureReason,
        createdAt: r.createdAt.toISOString(),
        completedAt: r.completedAt?.toISOString() ?? null,
      };
    }),
  };
}

export type RefundSummary = Awaited<ReturnType<typeof refundSummary>>;
