import type { productCreateSchema } from '@studio/shared/schemas/admin';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { moveStock } from '../stock/move-stock.ts';
import { conflictOnSku } from './conflict-on-sku.ts';
import { presentProduct } from './present-product.ts';
import { salePrice } from './sale-price.ts';

export async function createProduct({
  db,
  actorId,
  input,
}: {
  db: Db;
  actorId: string;
  input: z.output<typeof productCreateSchema>;
}) {
  const { discountPercentage: _d, salePriceCents: _s, stock, ...fields } = input;
  const row = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(products)
        .values({ ...fields, stock: 0, salePriceCents: salePrice(input.priceCents, input, null) })
        .returning();
      if (!created) throw new Error('insert returned no row');
      // Created empty, then stocked through the history: its first movement (decision 037).
      const stocked = await moveStock(tx, {
        productId: created.id,
        delta: stock,
        cause: 'initial',
        actorId,
      });
      if (!stocked) throw new Error('stocking the new product failed');
      created.stock = stocked.stock;
      await recordAudit({
        db: tx,
        actorId,
        action: 'product.create',
        entityType: 'product',
        entityId: created.id,
        detail: { sku: created.sku },
      });
      return created;
    })
    .catch(conflictOnSku);
  return presentProduct(row);
}
