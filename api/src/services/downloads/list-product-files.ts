import type { ProductFileAnswer } from '@studio/shared/schemas/downloads';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ProductFile, productFiles } from '../../db/schema/downloads.ts';
import { isUuid } from '../../lib/uuid.ts';

export const presentProductFile = (file: ProductFile): ProductFileAnswer => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  sizeBytes: file.sizeBytes,
  sha256: file.sha256,
  createdAt: file.createdAt.toISOString(),
});

/** A product's current files, oldest first (as buyers see them). */
export async function listProductFiles(db: DbOrTx, productId: string) {
  if (!isUuid(productId)) return [];
  const rows = await db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.productId, productId), isNull(productFiles.removedAt)))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.id));
  return rows.map(presentProductFile);
}
