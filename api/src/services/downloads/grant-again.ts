import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { isPaidOrderStatus } from '@studio/shared/statuses';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadGrants } from '../../db/schema/downloads.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { termsOf } from './grant-downloads.ts';
import { renewGrant } from './open-grant.ts';

const dateText = (at: Date) =>
  at.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * An admin grants a buyer's downloads again (decision 045): the count starts over and access
 * runs for the product's days from now, audited with the admin as actor. Only for an order that
 * is paid: a refunded or cancelled one is set back to paid first (409).
 */
export async function grantAgain({
  db,
  orderId,
  grantId,
  actorId,
}: {
  db: Db;
  orderId: string;
  grantId: string;
  actorId: string;
}) {
  if (!isUuid(orderId) || !isUuid(grantId)) throw new ApiError('NOT_FOUND', m.grantNotFound);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order: orders, product: products })
      .from(downloadGrants)
      .innerJoin(orders, eq(orders.id, downloadGrants.orderId))
      .innerJoin(products, eq(products.id, downloadGrants.productId))
      .where(and(eq(downloadGrants.id, grantId), eq(downloadGrants.orderId, orderId)))
      .for('update', { of: orders });
    if (!row) throw new ApiError('NOT_FOUND', m.grantNotFound);
    if (!isPaidOrderStatus(row.order.status)) throw new ApiError('CONFLICT', m.grantRefunded);
    const terms = termsOf(row.product);
    await renewGrant(tx, { grantId, terms, actorId });
    return {
      message: m.granted(row.product.name, terms.expiresAt ? dateText(terms.expiresAt) : null),
    };
  });
}
