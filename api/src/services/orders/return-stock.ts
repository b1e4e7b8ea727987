import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Order, orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';

/** Puts an order's reserved stock back, once (inside the caller's transaction). */
export async function returnStock(tx: Tx, order: Order) {
  if (order.stockReleasedAt) return;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productId));
  for (const item of items) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${item.quantity}` })
      .where(eq(products.id, item.productId));
  }
  await tx.update(orders).set({ stockReleasedAt: new Date() }).where(eq(orders.id, order.id));
}
