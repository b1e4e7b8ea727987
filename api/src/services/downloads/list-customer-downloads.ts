import type { DownloadRecordAnswer } from '@studio/shared/schemas/downloads';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { downloadEvents, downloadGrants, productFiles } from '../../db/schema/downloads.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';

/** A customer's latest recorded downloads, newest first, for the admin's customer page. */
export async function listCustomerDownloads(
  db: DbOrTx,
  userId: string,
  limit = 50,
): Promise<DownloadRecordAnswer[]> {
  const rows = await db
    .select({
      at: downloadEvents.createdAt,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      productName: products.name,
      fileName: productFiles.name,
      ip: downloadEvents.ip,
      counted: downloadEvents.counted,
    })
    .from(downloadEvents)
    .innerJoin(downloadGrants, eq(downloadGrants.id, downloadEvents.grantId))
    .innerJoin(orders, eq(orders.id, downloadGrants.orderId))
    .innerJoin(products, eq(products.id, downloadGrants.productId))
    .innerJoin(productFiles, eq(productFiles.id, downloadEvents.fileId))
    .where(eq(downloadGrants.userId, userId))
    .orderBy(desc(downloadEvents.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
