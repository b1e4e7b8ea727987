import type { adminOrdersQuerySchema } from '@studio/shared/schemas/orders';
import { asc, count, desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { orderFilters } from './order-filters.ts';
import { presentOrders } from './present-order.ts';

const sortColumns = {
  createdAt: orders.createdAt,
  total: orders.totalCents,
  orderNumber: orders.orderNumber,
  status: orders.status,
};

/**
 * GET /api/admin/orders: status filter, a search over order number and customer name or
 * e-mail (one trigram index on orders.search_text), sorting and pages with the total.
 */
export async function listOrders({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminOrdersQuerySchema>;
}) {
  const where = orderFilters(query);
  const column = sortColumns[query.sort];
  const order = query.dir === 'asc' ? asc(column) : desc(column);
  // The count is the slow part (every match, not one page): it runs while the page is read
  // and presented.
  const counted = db.select({ value: count() }).from(orders).where(where);
  const page = db
    .select()
    .from(orders)
    .where(where)
    .orderBy(order, desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .then((rows) => presentOrders(db, rows, false));
  const [views, [total]] = await Promise.all([page, counted]);
  return {
    orders: views,
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
