import { shopMessages } from '@studio/shared/messages/shop';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { presentProduct } from './present-product.ts';

/** One active product; an inactive or unknown one is a 404 alike. */
export async function getProduct({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  return presentProduct(row);
}
