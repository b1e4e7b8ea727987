import { messages } from '@studio/shared/messages';
import type { adminOrdersQuerySchema } from '@studio/shared/schemas/orders';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { presentOrder, presentOrders } from '../orders/present-order.ts';
import { likePattern } from '../users/list-users.ts';

const sortColumns = {
  createdAt: orders.createdAt,
  total: orders.totalCents,
  orderNumber: orders.orderNumber,
  status: orders.status,
};

/**
 * GET /api/admin/orders: status filter, a search over order number and customer name or
 * e-mail (trigram indexes), sorting and pages with the total.
 */
export async function listOrders({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof adminOrdersQuerySchema>;
}) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.q) {
    const p = likePattern(query.q);
    // Each side can use its own index; an OR across the join could not.
    const matchingUsers = db
      .select({ id: users.id })
      .from(users)
      .where(
        or(ilike(users.email, p), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p)),
      );
    const match = or(ilike(orders.orderNumber, p), inArray(orders.userId, matchingUsers));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = sortColumns[query.sort];
  const order = query.dir === 'asc' ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(order, desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return {
    orders: await presentOrders(db, rows, false),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getOrderForAdmin({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', messages.orders.notFound);
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw new ApiError('NOT_FOUND', messages.orders.notFound);
  return presentOrder(db, row);
}
