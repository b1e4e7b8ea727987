import { messages } from '@studio/shared/messages';
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Order, orderItems, orderStatusHistory, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';

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
            // A transfer already offered is still being confirmed: keep the stock for it.
            sql`not exists (select 1 from payments p where p.order_id = ${orders.id}
              and p.status = 'pending' and p.provider_reference is not null)`,
          ),
        )
        .limit(1)
        .for('update', { skipLocked: true });
      if (!order) return true;
      // Products first, then the order (whose trigger locks the day's stats row): the same lock
      // order as a checkout, so the two cannot deadlock.
      await returnStock(tx, order);
      await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'cancelled' });
      released += 1;
      return Boolean(orderId);
    });
    if (done) return { released };
  }
}
