import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/**
 * The fixed-price audio services. Both of the spec's prices are kept: `listPriceCents` is the
 * card price, `checkoutPriceCents` what the payment modal charges (null: no online payment).
 */
export const services = pgTable(
  'services',
  {
    id: id(),
    sku: text().notNull(),
    title: text().notNull(),
    category: text().notNull(),
    listPriceCents: integer().notNull(),
    checkoutPriceCents: integer(),
    description: text().notNull(),
    features: jsonb().$type<string[]>().notNull().default([]),
    popular: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('services_sku_key').on(t.sku),
    index('services_category_idx').on(t.category),
    index('services_sort_order_idx').on(t.sortOrder),
  ],
);

export type Service = typeof services.$inferSelect;
