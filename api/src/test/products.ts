import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/products.ts';
import { stockMovements } from '../db/schema/stock-movements.ts';

/** A product made for one test: unique SKU, given stock (its initial movement) and prices. */
export async function createProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      sku: `T-${randomBytes(4).toString('hex')}`,
      name: `Test product ${randomBytes(2).toString('hex')}`,
      category: 'apparel',
      priceCents: 2000,
      stock: 10,
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  // Its stock begins its history, as a product made in the admin (decision 037).
  if (row.stock > 0)
    await db
      .insert(stockMovements)
      .values({ productId: row.id, delta: row.stock, stockAfter: row.stock, cause: 'initial' });
  return row;
}

/** The product's stock as the database holds it. */
export async function stockOf(db: Db, productId: string) {
  const [row] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}
