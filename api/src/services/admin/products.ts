import { messages } from '@studio/shared/messages';
import type {
  adminProductsQuerySchema,
  productCreateSchema,
  productUpdateSchema,
} from '@studio/shared/schemas/admin';
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Product, products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { pageOfProducts } from '../catalog/list-products.ts';
import { presentProduct } from '../catalog/present-product.ts';
import { likePattern } from '../users/list-users.ts';

export async function findProduct(db: Db, id: string): Promise<Product> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', messages.shop.productNotFound);
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw new ApiError('NOT_FOUND', messages.shop.productNotFound);
  return row;
}

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

/** The sale price from an explicit price or a discount percentage; it must be below the price. */
function salePrice(
  priceCents: number,
  input: {
    salePriceCents?: number | null | undefined;
    discountPercentage?: number | null | undefined;
  },
  current: number | null,
): number | null {
  let sale = current;
  if (input.discountPercentage !== undefined) {
    sale =
      input.discountPercentage === null
        ? null
        : Math.round((priceCents * (100 - input.discountPercentage)) / 100);
  }
  if (input.salePriceCents !== undefined) sale = input.salePriceCents;
  if (sale !== null && sale >= priceCents) {
    throw new ApiError('VALIDATION_FAILED', 'The sale price must be below the price', [
      { path: 'salePriceCents', message: 'The sale price must be below the price' },
    ]);
  }
  return sale;
}

function conflictOnSku(error: unknown): never {
  if (isUniqueViolation(error, 'products_sku_key'))
    throw new ApiError('CONFLICT', 'A product with this SKU already exists');
  throw error;
}

export async function createProduct({
  db,
  actorId,
  input,
}: {
  db: Db;
  actorId: string;
  input: z.output<typeof productCreateSchema>;
}) {
  const { discountPercentage: _d, salePriceCents: _s, ...fields } = input;
  const row = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(products)
        .values({ ...fields, salePriceCents: salePrice(input.priceCents, input, null) })
        .returning();
      if (!created) throw new Error('insert returned no row');
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
  const { discountPercentage: _d, salePriceCents: _s, ...fields } = input;
  const price = input.priceCents ?? before.priceCents;
  const priceChanged = input.priceCents !== undefined && input.priceCents !== before.priceCents;
  // A new price with a sale kept as is would be refused when it is not lower: keep it only if it still is.
  const currentSale =
    priceChanged && before.salePriceCents !== null && before.salePriceCents >= price
      ? null
      : before.salePriceCents;
  const row = await db
    .transaction(async (tx) => {
      const [updated] = await tx
        .update(products)
        .set({
          ...fields,
          ...(fields.metadata ? { metadata: { ...before.metadata, ...fields.metadata } } : {}),
          salePriceCents: salePrice(price, input, currentSale),
        })
        .where(eq(products.id, id))
        .returning();
      if (!updated) throw new ApiError('NOT_FOUND', messages.shop.productNotFound);
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

/** Products are deactivated, never deleted: past orders still name them. */
export async function deactivateProduct({
  db,
  actorId,
  id,
}: {
  db: Db;
  actorId: string;
  id: string;
}) {
  await findProduct(db, id);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, id))
      .returning();
    await recordAudit({
      db: tx,
      actorId,
      action: 'product.deactivate',
      entityType: 'product',
      entityId: id,
    });
    return updated;
  });
  if (!row) throw new ApiError('NOT_FOUND', messages.shop.productNotFound);
  return presentProduct(row);
}
