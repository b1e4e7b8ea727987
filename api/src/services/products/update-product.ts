import { shopMessages } from '@studio/shared/messages/shop';
import type { productUpdateSchema } from '@studio/shared/schemas/admin';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { moveStock } from '../stock/move-stock.ts';
import { conflictOnSku } from './conflict-on-sku.ts';
import { findProduct } from './find-product.ts';
import { presentProduct } from './present-product.ts';
import { salePrice } from './sale-price.ts';

export async function updateProduct({
  db,
  actorId,
  id,
  input,
}: {
  db: Db;
  actorId: string;
  id: string;
  input: z.output<typeof productUpdateSchema>;
}) {
  const before = await findProduct(db, id);
  const { discountPercentage: _d, salePriceCents: _s, stock, ...fields } = input;
  const price = input.priceCents ?? before.priceCents;
  const priceChanged = input.priceCents !== undefined && input.priceCents !== before.priceCents;
  // A new price with a sale kept as is would be refused when it is not lower: keep it only if it still is.
  const currentSale =
    priceChanged && before.salePriceCents !== null && before.salePriceCents >= price
      ? null
      : before.salePriceCents;
  const row = await db
    .transaction(async (tx) => {
      // Stock set in the form: the change from what the product holds now (its row locked, so a
      // sale meanwhile is counted), recorded as an admin edit (decision 037).
      if (stock !== undefined) {
        const [held] = await tx
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, id))
          .for('update');
        if (!held) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
        await moveStock(tx, {
          productId: id,
          delta: stock - held.stock,
          cause: 'admin_edit',
          actorId,
        });
      }
      const [updated] = await tx
        .update(products)
        .set({
          ...fields,
          ...(fields.metadata ? { metadata: { ...before.metadata, ...fields.metadata } } : {}),
          salePriceCents: salePrice(price, input, currentSale),
        })
        .where(eq(products.id, id))
        .returning();
      if (!updated) throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
      await recordAudit({
        db: tx,
        actorId,
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        detail: input,
      });
      return updated;
    })
    .catch(conflictOnSku);
  return presentProduct(row);
}
