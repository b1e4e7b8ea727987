import { authMessages } from '@studio/shared/messages/auth';
import { orderMessages } from '@studio/shared/messages/orders';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import type { User } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';

/**
 * The signed-in customer's own order. Anyone else's id, or one that does not exist, is the same
 * 404: order ids reveal nothing. Without a session: 401.
 */
export async function ownedOrder({
  db,
  user,
  orderId,
}: {
  db: Db;
  user: User | null;
  orderId: string;
}) {
  if (!user) throw new ApiError('UNAUTHORIZED', authMessages.notSignedIn);
  if (!isUuid(orderId)) throw new ApiError('NOT_FOUND', orderMessages.notFound);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    .limit(1);
  if (!order) throw new ApiError('NOT_FOUND', orderMessages.notFound);
  return order;
}
