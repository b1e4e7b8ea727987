import type { ImageVariants } from '@studio/shared/images';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const productCategory = pgEnum('product_category', ['book', 'apparel', 'digital']);

/**
 * `url` and `alt` are the spec's; an image uploaded (or seeded) since images were resized also
 * carries its size and variants (api/src/services/uploads/store-image-variants.ts), which older ones lack.
 */
export interface ProductImage extends Partial<Omit<ImageVariants, 'url'>> {
  url: string;
  alt: string;
}

/** The spec's product metadata; a product with an external URL is bought elsewhere. */
export interface ProductMetadata {
  type?: 'book' | 'shopify';
  barnesNobleUrl?: string;
  shopifyUrl?: string;
  externalUrl?: string;
}

export const products = pgTable(
  'products',
  {
    id: id(),
    sku: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    category: productCategory().notNull(),
    priceCents: integer().notNull(),
    /** Set while the product is on sale; `isOnSale` and `discountPercentage` derive from it. */
    salePriceCents: integer(),
    stock: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    images: jsonb().$type<ProductImage[]>().notNull().default([]),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb().$type<ProductMetadata>().notNull().default({}),
    /** A digital product's counted downloads of each file per order; null: no limit. */
    downloadLimit: integer().default(5),
    /** A digital product's days of access from payment; null: access never ends. */
    downloadDays: integer().default(30),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_category_idx').on(t.category),
    index('products_is_active_idx').on(t.isActive),
    index('products_created_at_idx').on(t.createdAt),
    index('products_stock_idx').on(t.stock),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check(
      'products_sale_below_price',
      sql`${t.salePriceCents} IS NULL OR (${t.salePriceCents} >= 0 AND ${t.salePriceCents} < ${t.priceCents})`,
    ),
  ],
);

export type Product = typeof products.$inferSelect;
