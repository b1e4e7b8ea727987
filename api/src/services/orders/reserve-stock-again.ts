import { orderMessages } from '@studio/shared/messages/orders';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Order, orderItems, orders } from '../../db/schema/orders.ts';
import { ApiError } from '../../lib/api-error.ts';
import { restockedByRefunds } from '../refunds/restocked-by-refunds.ts';
import { moveStock } from '../stock/move-stock.ts';

/**
 * Takes an order's stock again when an admin re-opens a cancelled order (409 when there is no
 * longer enough), locking products in id order like a checkout; each line is recorded as a
 * `reserve_again` movement with the order and the admin.
 */
export async function reserveStockAgain(
  tx: Tx,
  order: Order,
  { actorId = null }: { actorId?: string | null } = {},
) {
  if (!order.stockReleasedAt) return;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productId));
  // Lines a refund already put back in stock are not the order's to give back or take again.
  const refunded = await restockedByRefunds(tx, order.id);
  for (const item of items) {
    const quantity = item.quantity - (refunded.get(item.id) ?? 0);
    if (quantity <= 0) continue;
    const taken = await moveStock(tx, {
      productId: item.productId,
      delta: -quantity,
      cause: 'reserve_again',
      orderId: order.id,
      actorId,
    });
    if (!taken) throw new ApiError('CONFLICT', orderMessages.stockGone(item.name));
  }
  // Held by the admin's decision now, not by a checkout timer.
  await tx
    .update(orders)
    .set({ stockReleasedAt: null, reservedUntil: null })
    .where(eq(orders.id, order.id));
}
