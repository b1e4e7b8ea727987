import { stockCauses } from '@studio/shared/stock';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { users } from './users.ts';

export const stockCause = pgEnum('stock_cause', stockCauses);

/**
 * Every change of a product's stock, written with the change itself by `moveStock` (decision
 * 037): the signed delta, the stock it left, why, and the order or admin behind it. The deltas
 * of a product add up to its stock.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    stockAfter: integer().notNull(),
    cause: stockCause().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_created_idx').on(t.productId, t.createdAt.desc(), t.id.desc()),
    index('stock_movements_order_id_idx').on(t.orderId),
    check('stock_movements_delta_non_zero', sql`${t.delta} <> 0`),
    check('stock_movements_stock_after_non_negative', sql`${t.stockAfter} >= 0`),
  ],
);

export type StockMovement = typeof stockMovements.$inferSelect;
