import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { orderStatus } from './orders.ts';

/**
 * Orders and their totals per day (UTC) and status, kept by a trigger on `orders` (migration
 * 0005), so the dashboard sums a few hundred rows instead of every order.
 */
export const orderDailyStats = pgTable(
  'order_daily_stats',
  {
    day: date({ mode: 'string' }).notNull(),
    status: orderStatus().notNull(),
    orders: integer().notNull().default(0),
    totalCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);
