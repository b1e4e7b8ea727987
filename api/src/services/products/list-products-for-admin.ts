import type { adminProductsQuerySchema } from '@studio/shared/schemas/admin';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { likePattern } from '../users/list-users.ts';
import { pageOfProducts } from './list-products.ts';

/** Every product, inactive ones too, for the admin. */
export async function listProductsForAdmin({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminProductsQuerySchema>;
}) {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(products.category, query.category));
  if (query.active) filters.push(eq(products.isActive, query.active === 'true'));
  if (query.q) {
    const match = or(
      ilike(products.name, likePattern(query.q)),
      ilike(products.sku, likePattern(query.q)),
    );
    if (match) filters.push(match);
  }
  return pageOfProducts(db, filters.length ? and(...filters) : undefined, query);
}
