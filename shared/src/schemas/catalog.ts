import { z } from 'zod';
import { imageVariantsSchema } from './answers.ts';
import { pageAnswerFields, paginationSchema } from './pagination.ts';

export const productCategories = ['book', 'apparel', 'digital'] as const;
export type ProductCategory = (typeof productCategories)[number];

/** GET /api/products */
export const productsQuerySchema = paginationSchema.extend({
  category: z.enum(productCategories, { error: 'Unknown category' }).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});

/** A product image: the spec's `url` and `alt`; images resized at upload add their variants. */
export const productImageSchema = imageVariantsSchema
  .partial()
  .extend({ url: z.string(), alt: z.string() })
  .meta({ id: 'ProductImage' });

/**
 * A product as the shop shows it, in the spec's shape (`_id` repeats `id`): money in cents and as
 * text, and `externalUrl` when it is bought on another shop.
 */
export const publicProductSchema = z.object({
  id: z.uuid(),
  _id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(productCategories),
  priceCents: z.number().int(),
  currentPriceCents: z.number().int(),
  priceText: z.string(),
  currentPriceText: z.string(),
  isOnSale: z.boolean(),
  discountPercentage: z.number().int(),
  isActive: z.boolean(),
  stock: z.number().int(),
  inStock: z.boolean(),
  images: z.array(productImageSchema),
  metadata: z.object({
    type: z.enum(['book', 'shopify']).optional(),
    barnesNobleUrl: z.string().optional(),
    shopifyUrl: z.string().optional(),
    externalUrl: z.string().optional(),
    tags: z.array(z.string()),
  }),
  externalUrl: z.string().nullable(),
  /** A digital product's downloads of each file per order, and days of access; null: no limit. */
  downloadLimit: z.number().int().nullable(),
  downloadDays: z.number().int().nullable(),
});
export type PublicProductAnswer = z.infer<typeof publicProductSchema>;

/** GET /api/products: one page of active products, newest first. */
export const productListAnswerSchema = z.object({
  products: z.array(publicProductSchema),
  ...pageAnswerFields,
});
export type ProductListAnswer = z.infer<typeof productListAnswerSchema>;

/** GET /api/products/:id */
export const productAnswerSchema = z.object({ product: publicProductSchema });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/**
 * An audio service's card: its list price, and `checkout` (price, 7% tax, total) when it can be
 * paid online, else null.
 */
export const publicServiceSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
  listPriceCents: z.number().int(),
  listPriceText: z.string(),
  checkout: z
    .object({
      priceCents: z.number().int(),
      taxCents: z.number().int(),
      totalCents: z.number().int(),
      priceText: z.string(),
      taxText: z.string(),
      totalText: z.string(),
    })
    .nullable(),
});
export type PublicServiceAnswer = z.infer<typeof publicServiceSchema>;

/** GET /api/services: the active services in catalogue order. */
export const serviceListAnswerSchema = z.object({ services: z.array(publicServiceSchema) });
export type ServiceListAnswer = z.infer<typeof serviceListAnswerSchema>;
