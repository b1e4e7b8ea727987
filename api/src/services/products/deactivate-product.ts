import { shopMessages } from '@studio/shared/messages/shop';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findProduct } from './find-product.ts';
import { presentProduct } from './present-product.ts';

/** Products are deactivated, never deleted: past orders still name them. */
export async function deactivateProduct({
  db,
  actorId,
  id,
}: {
  db: Db;
  actorId: string;
  id: string;
}) {
  await findProduct(db, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, id))
      .returning();
    await recordAudit({
      db: tx,
      actorId,
      action: 'product.deactivate',
      entityType: 'product',
      entityId: id,
    });
    return updated;
  });
  if (!row) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  return presentProduct(row);
}
