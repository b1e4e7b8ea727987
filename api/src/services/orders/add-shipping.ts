import { orderMessages } from '@studio/shared/messages/orders';
import type { shippingInfoSchema } from '@studio/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipments.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { shippingNotice } from '../mail/templates/shipping-notice.ts';
import { getOrderForAdmin } from './get-order-for-admin.ts';
import { transitionOrder } from './transition-order.ts';

/**
 * Records the carrier, tracking number and method (replacing earlier ones), moves a paid or
 * processing order to shipped, and queues the customer's tracking mail in the same transaction
 * (once per tracking number: saving the same one again mails nothing).
 */
export async function addShipping({
  db,
  actorId,
  id,
  input,
}: {
  db: Db;
  actorId: string;
  id: string;
  input: z.output<typeof shippingInfoSchema>;
}) {
  await getOrderForAdmin({ db, id });
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new ApiError('NOT_FOUND', orderMessages.notFound);
    await tx
      .insert(shipments)
      .values({ orderId: id, ...input })
      .onConflictDoUpdate({ target: shipments.orderId, set: { ...input, updatedAt: new Date() } });
    if (order.status === 'paid' || order.status === 'processing') {
      await transitionOrder(tx, { orderId: id, to: 'shipped', source: 'admin', actorId });
    }
    await recordAudit({
      db: tx,
      actorId,
      action: 'order.shipping',
      entityType: 'order',
      entityId: id,
      detail: input,
    });
    const [user] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (user) {
      await queueMail(tx, {
        purpose: 'shipping-notice',
        subjectId: `${id}:${input.carrier}:${input.trackingNumber}`,
        message: shippingNotice({
          to: user.email,
          name: user.firstName,
          orderNumber: order.orderNumber,
          ...input,
        }),
      });
    }
  });
  return getOrderForAdmin({ db, id });
}
