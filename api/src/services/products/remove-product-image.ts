import { shopMessages } from '@studio/shared/messages/shop';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteImageVariants } from '../uploads/store-image-variants.ts';
import { findProduct } from './find-product.ts';
import { presentProduct } from './present-product.ts';

/** Removes one image from the product, and its file when it is one of ours. */
export async function removeProductImage({
  db,
  storage,
  actorId,
  id,
  url,
}: {
  db: Db;
  storage: Storage;
  actorId: string;
  id: string;
  url: string;
}) {
  const product = await findProduct(db, id);
  const removed = product.images.find((i) => i.url === url);
  if (!removed) throw new ApiError('NOT_FOUND', shopMessages.imageNotFound);
  const [row] = await db.transaction(async (tx) => {
    const updated = await tx
      .update(products)
      .set({ images: product.images.filter((i) => i.url !== url) })
      .where(eq(products.id, id))
      .returning();
    await recordAudit({
      db: tx,
      actorId,
      action: 'product.image.remove',
      entityType: 'product',
      entityId: id,
      detail: { url },
    });
    return updated;
  });
  // Its variants too; a seeded or outside URL names no file of ours and removes nothing.
  await deleteImageVariants(storage, removed);
  if (!row) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  return presentProduct(row);
}
