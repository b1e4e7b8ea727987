import { shopMessages } from '@studio/shared/messages/shop';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Product, products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';

export async function findProduct(db: Db, id: string): Promise<Product> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  return row;
}
