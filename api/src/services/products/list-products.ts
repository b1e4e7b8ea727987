import type { productsQuerySchema } from '@studio/shared/schemas/catalog';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { presentProduct } from './present-product.ts';

/**
 * One page of products matching `where`, newest first, with the total: the public shop and the
 * admin list page the same way.
 */
export async function pageOfProducts(
  db: Db,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return {
    products: rows.map(presentProduct),
    total: total?.value ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** Active products only (spec: shown only when isActive), newest first, one page. */
export async function listProducts({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof productsQuerySchema>;
}) {
  const where = and(
    eq(products.isActive, true),
    query.category ? eq(products.category, query.category) : undefined,
  );
  return pageOfProducts(db, where, query);
}
