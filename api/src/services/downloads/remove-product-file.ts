import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productFiles } from '../../db/schema/downloads.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findProduct } from '../products/find-product.ts';
import type { Storage } from '../storage/storage.ts';

import { listProductFiles } from './list-product-files.ts';
/** Removes a file from a product (decision 045): buyers no longer see it; its bytes go. */
export async function removeProductFile({
  db,
  storage,
  productId,
  fileId,
  actorId,
}: {
  db: Db;
  storage: Storage;
  productId: string;
  fileId: string;
  actorId: string;
}) {
  const product = await findProduct(db, productId);
  if (!isUuid(fileId)) throw new ApiError('NOT_FOUND', m.productFileNotFound);
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(productFiles)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(productFiles.id, fileId),
          eq(productFiles.productId, product.id),
          isNull(productFiles.removedAt),
        ),
      )
      .returning();
    if (!row) throw new ApiError('NOT_FOUND', m.productFileNotFound);
    await recordAudit({
      db: tx,
      actorId,
      action: 'product.file.remove',
      entityType: 'product',
      entityId: product.id,
      detail: { fileId: row.id, name: row.name, sizeBytes: row.sizeBytes },
    });
    return row;
  });
  await storage.delete(removed.storageKey).catch(() => {});
  return { message: m.fileRemoved(removed.name), files: await listProductFiles(db, product.id) };
}
