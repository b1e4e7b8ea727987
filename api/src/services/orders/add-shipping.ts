import { messages } from '@studio/shared/messages';
import type { shippingInfoSchema } from '@studio/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipments.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { shippingNotice } from '../../mail/templates/shipping-mail.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { getOrderForAdmin } from './get-order-for-admin.ts';
import { transitionOrder } from './transition-order.ts';

/**
 * Records the carrier, tracking number and method (replacing earlier ones), moves a paid or
 * processing order to shipped, and e-mails the customer the tracking.
 */
export async function addShipping({
  db,
  mailer,
  log,
  actorId,
  id,
  input,
}: {
  db: Db;
  mailer: Mailer;
  log: Logger;
  actorId: string;
  id: string;
  input: z.output<typeof shippingInfoSchema>;
}) {
  await getOrderForAdmin({ db, id });
  const customer = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new ApiError('NOT_FOUND', messages.orders.notFound);
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
    return user ? { user, orderNumber: order.orderNumber } : null;
  });
  if (customer) {
    await mailer
      .send(
        shippingNotice({
          to: customer.user.email,
          name: customer.user.firstName,
          orderNumber: customer.orderNumber,
          ...input,
        }),
      )
      .catch((err: unknown) => log.error({ err, orderId: id }, 'shipping mail failed'));
  }
  return getOrderForAdmin({ db, id });
}
