import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { presentOrders } from './present-order.ts';

/** The customer's own orders, newest first. */
export async function listMyOrders({
  db,
  userId,
  page,
  pageSize,
}: {
  db: Db;
  userId: string;
  page: number;
  pageSize: number;
}) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { orders: await presentOrders(db, rows, false), total: total?.value ?? 0, page, pageSize };
}
