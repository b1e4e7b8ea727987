import { orderMessages } from '@studio/shared/messages/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { presentOrderGrants } from '../downloads/present-order-downloads.ts';
import { refundSummary } from '../refunds/refund-summary.ts';
import { presentOrder } from './present-order.ts';

export async function getOrderForAdmin({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', orderMessages.notFound);
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw new ApiError('NOT_FOUND', orderMessages.notFound);
  // The admin's view adds the order's refunds and what can still be refunded (decision 035).
  // And the buyer's access to its digital products' files (decision 045).
  const [order, refunds, grants] = await Promise.all([
    presentOrder(db, row),
    refundSummary(db, { kind: 'order', id }),
    presentOrderGrants(db, id),
  ]);
  return { ...order, refunds, grants };
}
