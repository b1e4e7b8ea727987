import { messages } from '@studio/shared/messages';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Order, orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Takes an order's stock again when an admin re-opens a cancelled order (409 when there is no
 * longer enough), locking products in id order like a checkout.
 */
export async function reserveStockAgain(tx: Tx, order: Order) {
  if (!order.stockReleasedAt) return;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productId));
  for (const item of items) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${item.quantity}` })
      .where(and(eq(products.id, item.productId), gte(products.stock, item.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) {
      throw new ApiError('CONFLICT', messages.orders.stockGone(item.name));
    }
  }
  // Held by the admin's decision now, not by a checkout timer.
  await tx
    .update(orders)
    .set({ stockReleasedAt: null, reservedUntil: null })
    .where(eq(orders.id, order.id));
}
