import { orderMessages } from '@studio/shared/messages/orders';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import type { User } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ownedOrder } from './owned-order.ts';
import { presentOrder } from './present-order.ts';
import { transitionOrder } from './transition-order.ts';

/**
 * POST /api/orders/:id/cancel: the customer cancels their own unpaid order, and its stock is
 * given back at once (a `release` movement), as when its hold runs out. Refused (409) once it
 * is paid or already over, and while money for it may be moving (below). Anyone else's order is
 * the same 404 as a missing one. Cancelling twice answers the second time with 409.
 */
export async function cancelMyOrder({
  db,
  user,
  orderId,
}: {
  db: Db;
  user: User | null;
  orderId: string;
}) {
  const owned = await ownedOrder({ db, user, orderId });
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, owned.id)).for('update');
    if (order?.status !== 'pending') throw new ApiError('CONFLICT', orderMessages.notCancellable);
    // Money that may be moving: a crypto transfer offered for an open quote, or a PayPal capture
    // whose answer was lost (PayPal down or slow) and is being settled. An open PayPal order on
    // its own moves nothing: its capture is refused once the order is cancelled.
    const [offered] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, owned.id),
          eq(payments.status, 'pending'),
          isNotNull(payments.providerReference),
          or(
            ne(payments.method, 'paypal'),
            sql`exists (select 1 from ${paymentEvents} e where e.payment_id = ${payments.id}
              and e.detail ? 'unavailable')`,
          ),
        ),
      )
      .limit(1);
    if (offered) throw new ApiError('CONFLICT', orderMessages.paymentInFlight);
    const moved = await transitionOrder(tx, {
      orderId: owned.id,
      to: 'cancelled',
      source: 'customer',
      actorId: owned.userId,
    });
    if (!moved.changed) throw new ApiError('CONFLICT', orderMessages.notCancellable);
  });
  const [order] = await db.select().from(orders).where(eq(orders.id, owned.id));
  if (!order) throw new ApiError('NOT_FOUND', orderMessages.notCancellable);
  return presentOrder(db, order);
}
