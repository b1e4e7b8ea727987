import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Order, orderItems, orders } from '../../db/schema/orders.ts';
import { restockedByRefunds } from '../refunds/restocked-by-refunds.ts';
import { moveStock } from '../stock/move-stock.ts';

/**
 * Puts an order's reserved stock back, once (inside the caller's transaction), each line
 * recorded as a `release` movement with the order and the admin who cancelled it, if one did.
 */
export async function returnStock(
  tx: Tx,
  order: Order,
  { actorId = null }: { actorId?: string | null } = {},
) {
  if (order.stockReleasedAt) return;
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
    await moveStock(tx, {
      productId: item.productId,
      delta: quantity,
      cause: 'release',
      orderId: order.id,
      actorId,
    });
  }
  await tx.update(orders).set({ stockReleasedAt: new Date() }).where(eq(orders.id, order.id));
}
