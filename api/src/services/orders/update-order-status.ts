import { orderMessages } from '@studio/shared/messages/orders';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { getOrderForAdmin } from './get-order-for-admin.ts';
import { transitionOrder } from './transition-order.ts';

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
  // An order that is not there is the writer's to tell (`missing`); only an id that can name
  // none is answered before the database is asked.
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', orderMessages.notFound);
  const moved = await db.transaction((tx) =>
    transitionOrder(tx, { orderId: id, to: status, source: 'admin', actorId }),
  );
  if (!moved.changed) {
    if (moved.reason === 'missing') throw new ApiError('NOT_FOUND', orderMessages.notFound);
    throw new ApiError('CONFLICT', orderMessages.sameStatus);
  }
  return getOrderForAdmin({ db, id });
}
