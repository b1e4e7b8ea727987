import type { OrderStatus } from '@studio/shared/schemas/orders';
import { isPaidOrderStatus, type StatusSource } from '@studio/shared/statuses';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/orders.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { grantDownloads } from '../downloads/grant-downloads.ts';
import { revokeGrants } from '../downloads/open-grant.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { reserveStockAgain } from './reserve-stock-again.ts';
import { returnStock } from './return-stock.ts';

export type OrderTransition =
  | { changed: true; from: OrderStatus }
  /** `same`: already there; `not-allowed`: this source may not make this move; `missing`: no order. */
  | { changed: false; from: OrderStatus | null; reason: 'same' | 'not-allowed' | 'missing' };

/**
 * The moves each source may make. An admin may set any status (the spec enforces no order of
 * states); everyone else only their own step: a payment (customer, chain, webhook, job) pays a
 * pending order, the release job cancels one whose hold ran out, a provider's refund refunds.
 */
function allowed(from: OrderStatus, to: OrderStatus, source: StatusSource): boolean {
  if (source === 'admin') return true;
  if (to === 'paid' || to === 'cancelled') return from === 'pending';
  if (to === 'refunded') return true;
  return false;
}

/**
 * The only code that changes an order's status. Inside the caller's transaction it locks the
 * order, checks the move is allowed, moves the stock (cancelling gives it back, re-opening a
 * cancelled order takes it again), writes the status, its history row (with its source and the
 * person behind it), opens or revokes the buyer's downloads, and writes the audit row. `opened` records a new order's first status (set by its
 * insert) in the history without changing anything.
 */
export async function transitionOrder(
  tx: Tx,
  {
    orderId,
    to,
    source,
    actorId = null,
    opened = false,
    detail = {},
  }: {
    orderId: string;
    to: OrderStatus;
    source: StatusSource;
    actorId?: string | null;
    opened?: boolean;
    detail?: Record<string, unknown>;
  },
): Promise<OrderTransition> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return { changed: false, from: null, reason: 'missing' };
  if (opened) {
    await tx
      .insert(orderStatusHistory)
      .values({ orderId, status: order.status, source, changedBy: actorId });
    return { changed: true, from: order.status };
  }
  const from = order.status;
  if (from === to) return { changed: false, from, reason: 'same' };
  if (!allowed(from, to, source)) return { changed: false, from, reason: 'not-allowed' };
  // Stock moves before the status (whose trigger locks the day's stats row): the same lock
  // order as a checkout, so the two cannot deadlock.
  // The stock history names the admin behind a cancel or re-open (decision 037).
  const stockActor = { actorId: source === 'admin' ? actorId : null };
  if (to === 'cancelled') await returnStock(tx, order, stockActor);
  else if (from === 'cancelled') await reserveStockAgain(tx, order, stockActor);
  await tx
    .update(orders)
    .set({ status: to, ...(to === 'paid' && !order.paidAt ? { paidAt: new Date() } : {}) })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({ orderId, status: to, source, changedBy: actorId });
  // Paid (by a payment, or as the admin records it): its invoice number, once (decision 036).
  if (isPaidOrderStatus(to)) await issueInvoice(tx, { subject: { kind: 'order', id: orderId } });
  // Digital products' files (decision 045): paid opens the buyer's access, leaving paid (a full
  // refund, a cancellation, back to pending) revokes it, in this same transaction.
  const paidBefore = isPaidOrderStatus(from);
  if (!paidBefore && isPaidOrderStatus(to)) await grantDownloads(tx, { order, source, actorId });
  if (paidBefore && !isPaidOrderStatus(to))
    await revokeGrants(tx, { orderId, source, actorId, detail: { orderStatus: to } });
  await recordAudit({
    db: tx,
    actorId,
    action: 'order.status',
    entityType: 'order',
    entityId: orderId,
    detail: { from, to, source, ...detail },
  });
  return { changed: true, from };
}
