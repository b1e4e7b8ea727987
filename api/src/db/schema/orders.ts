import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { products } from './products.ts';
import { statusSource } from './status-sources.ts';
import { users } from './users.ts';

/** Spec section 4; `refunded` is shown by the spec as an icon only. */
export const orderStatus = pgEnum('order_status', [
  'pending',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
]);

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatus().notNull().default('pending'),
    subtotalCents: integer().notNull(),
    shippingCents: integer().notNull().default(0),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    shippingAddress: jsonb().$type<ShippingAddress>(),
    /** Unpaid orders hold their stock until then; a job releases it. */
    reservedUntil: timestamp({ withTimezone: true }),
    stockReleasedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * lower(order number, customer e-mail, customer name), joined by U+0001 so a search never
     * spans two of them. Written by triggers (migration 0008), never by the application: the
     * admin search reads one trigram index instead of joining the customers.
     */
    searchText: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_order_number_trgm_idx').using('gin', t.orderNumber.op('gin_trgm_ops')),
    index('orders_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The total of a filtered search counts from this index alone (an index-only scan) rather
    // than visiting a heap page per match.
    index('orders_status_search_text_idx').on(t.status, t.searchText),
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    index('orders_user_id_idx').on(t.userId),
    index('orders_status_idx').on(t.status),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_reserved_until_idx').on(t.reservedUntil),
    check('orders_total_non_negative', sql`${t.totalCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Name, sku and price as they were when ordered. */
    name: text().notNull(),
    sku: text().notNull(),
    unitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    lineTotalCents: integer().notNull(),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus().notNull(),
    source: statusSource().notNull(),
    /** The signed-in person behind the change (the customer or the admin), when there is one. */
    changedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_id_idx').on(t.orderId, t.createdAt)],
);

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(orderItems),
  history: many(orderStatusHistory),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
}));

export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
}));

export type Order = typeof orders.$inferSelect;
