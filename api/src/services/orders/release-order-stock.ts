import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Order, orderItems, orderStatusHistory, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';

/** Puts an order's reserved stock back, once (inside the caller's transaction). */
export async function returnStock(tx: Tx, order: Order) {
  if (order.stockReleasedAt) return;
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  for (const item of items) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${item.quantity}` })
      .where(eq(products.id, item.productId));
  }
  await tx.update(orders).set({ stockReleasedAt: new Date() }).where(eq(orders.id, order.id));
}

/**
 * Cancels unpaid orders whose hold ran out and gives their stock back. Run by the
 * `order-release` job for one order, and as a sweep for any the job missed.
 */
export async function releaseExpiredOrders({ db, orderId }: { db: Db; orderId?: string }) {
  let released = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            lt(orders.reservedUntil, new Date()),
            isNull(orders.stockReleasedAt),
            orderId ? eq(orders.id, orderId) : undefined,
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      if (!order) return true;
      await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'cancelled' });
      await returnStock(tx, order);
      released += 1;
      return Boolean(orderId);
    });
    if (done) return { released };
  }
}
