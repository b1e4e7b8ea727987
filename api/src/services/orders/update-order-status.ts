import { messages } from '@studio/shared/messages';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/orders.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { getOrderForAdmin } from './get-order-for-admin.ts';
import { reserveStockAgain } from './reserve-stock-again.ts';
import { returnStock } from './return-stock.ts';

/**
 * The admin sets any status (the spec enforces no order of states); the current one again is a
 * 409. Cancelling an order that still holds stock gives it back. Audited and kept in history.
 */
export async function updateOrderStatus({
  db,
  actorId,
  id,
  status,
}: {
  db: Db;
  actorId: string;
  id: string;
  status: OrderStatus;
}) {
  await getOrderForAdmin({ db, id });
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new ApiError('NOT_FOUND', messages.orders.notFound);
    if (order.status === status) throw new ApiError('CONFLICT', messages.orders.sameStatus);
    // Stock moves before the status (whose trigger locks the day's stats row): the same lock
    // order as a checkout. Cancelling gives the stock back; re-opening takes it again.
    if (status === 'cancelled') await returnStock(tx, order);
    else if (order.status === 'cancelled') await reserveStockAgain(tx, order);
    await tx
      .update(orders)
      .set({ status, ...(status === 'paid' && !order.paidAt ? { paidAt: new Date() } : {}) })
      .where(eq(orders.id, id));
    await tx.insert(orderStatusHistory).values({ orderId: id, status, changedBy: actorId });
    await recordAudit({
      db: tx,
      actorId,
      action: 'order.status',
      entityType: 'order',
      entityId: id,
      detail: { from: order.status, to: status },
    });
  });
  return getOrderForAdmin({ db, id });
}
