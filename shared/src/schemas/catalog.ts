import { z } from 'zod';
import { paginationSchema } from './pagination.ts';

export const productCategories = ['book', 'apparel', 'digital'] as const;
export type ProductCategory = (typeof productCategories)[number];

/** GET /api/products */
export const productsQuerySchema = paginationSchema.extend({
  category: z.enum(productCategories, { error: 'Unknown category' }).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});
