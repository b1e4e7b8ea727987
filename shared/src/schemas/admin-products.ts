import { z } from 'zod';
import { stockCauses } from '../stock.ts';
import { instant, pageFields, rowId } from './admin-answers.ts';
import { publicProductSchema } from './catalog.ts';

/**
 * A product as the shop shows it (catalog.ts), its ids read as any UUID version; the admin's
 * answers name it `Product`.
 */
export const productSchema = publicProductSchema
  .extend({ id: rowId, _id: rowId })
  .meta({ id: 'Product' });

/** GET /api/admin/products: every product, inactive ones too, a page at a time. */
export const adminProductListSchema = z.object({ products: z.array(productSchema), ...pageFields });

/** One product, as it is now (read, created, changed, deactivated, an image added or removed). */
export const adminProductAnswerSchema = z.object({ product: productSchema });

/** GET /api/admin/products/:id/stock-history: each movement of its stock, newest first. */
export const stockHistorySchema = z.object({
  product: z.object({ id: rowId, name: z.string(), sku: z.string(), stock: z.int() }),
  movements: z.array(
    z.object({
      id: z.int(),
      createdAt: instant,
      delta: z.int(),
      stockAfter: z.int(),
      cause: z.enum(stockCauses),
      causeLabel: z.string(),
      note: z.string().nullable(),
      order: z.object({ id: rowId, orderNumber: z.string() }).nullable(),
      actor: z.object({ id: rowId, name: z.string() }).nullable(),
    }),
  ),
  ...pageFields,
});
