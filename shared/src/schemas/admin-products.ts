import { z } from 'zod';
import { stockCauses } from '../stock.ts';
import { instant, pageFields, rowId } from './admin-answers.ts';
import { productCategories } from './catalog.ts';

/** An image's resized variants, for `<picture>` (shared/src/images.ts `ImageVariants`). */
export const imageVariantsSchema = z
  .object({
    url: z.string(),
    width: z.int(),
    height: z.int(),
    srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  })
  .meta({ id: 'ImageVariants' });

/** A product's image: the spec's url and alt, and its size and variants when it has them. */
export const productImageSchema = z
  .object({
    url: z.string(),
    alt: z.string(),
    width: z.int().optional(),
    height: z.int().optional(),
    srcset: imageVariantsSchema.shape.srcset.optional(),
  })
  .meta({ id: 'ProductImage' });

/**
 * A product with the spec's fields (`_id`, prices, isOnSale, discountPercentage, isActive,
 * category, images, metadata with tags) plus its stock; money in integer cents and as text.
 */
export const productSchema = z
  .object({
    id: rowId,
    _id: rowId,
    sku: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(productCategories),
    priceCents: z.int(),
    currentPriceCents: z.int(),
    priceText: z.string(),
    currentPriceText: z.string(),
    isOnSale: z.boolean(),
    discountPercentage: z.int(),
    isActive: z.boolean(),
    stock: z.int(),
    inStock: z.boolean(),
    images: z.array(productImageSchema),
    metadata: z.object({
      type: z.enum(['book', 'shopify']).optional(),
      barnesNobleUrl: z.string().optional(),
      shopifyUrl: z.string().optional(),
      externalUrl: z.string().optional(),
      tags: z.array(z.string()),
    }),
    /** Bought on another shop (Barnes & Noble, Shopify, ...) rather than here. */
    externalUrl: z.string().nullable(),
  })
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
