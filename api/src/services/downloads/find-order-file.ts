import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { downloadGrants, productFiles } from '../../db/schema/downloads.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';

/**
 * A file of a digital product on the customer's own order, with the order and its grant (none
 * before payment). Anyone else's order, a made-up id, a file of a product the order does not
 * hold or one removed: the same 404.
 */
export async function findOrderFile(
  db: DbOrTx,
  { userId, orderId, fileId }: { userId: string; orderId: string; fileId: string },
) {
  if (!isUuid(orderId) || !isUuid(fileId)) throw new ApiError('NOT_FOUND', m.fileNotFound);
  const [row] = await db
    .select({ order: orders, file: productFiles, productName: products.name })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(productFiles, eq(productFiles.productId, products.id))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        eq(products.category, 'digital'),
        eq(productFiles.id, fileId),
        isNull(productFiles.removedAt),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND', m.fileNotFound);
  const [grant] = await db
    .select()
    .from(downloadGrants)
    .where(
      and(eq(downloadGrants.orderId, orderId), eq(downloadGrants.productId, row.file.productId)),
    );
  return { ...row, grant: grant ?? null };
}
