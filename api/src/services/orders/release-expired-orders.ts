import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { transitionOrder } from './transition-order.ts';

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
      await transitionOrder(tx, { orderId: order.id, to: 'cancelled', source: 'job' });
      released += 1;
      return Boolean(orderId);
    });
    if (done) return { released };
  }
}
