import type { paginationSchema } from '@studio/shared/schemas/pagination';
import { stockCauseLabels } from '@studio/shared/stock';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { stockMovements } from '../../db/schema/stock-movements.ts';
import { users } from '../../db/schema/users.ts';
import { findProduct } from '../products/find-product.ts';

/**
 * A product's stock history for the admin, newest first, one page: each movement's change, the
 * stock it left, its cause (and how it reads), the order behind it (id and number) and the admin
 * behind it (id and name). A missing product, or an id that is none, is a 404.
 */
export async function listStockHistory({
  db,
  productId,
  query,
}: {
  db: Db;
  productId: string;
  query: z.output<typeof paginationSchema>;
}) {
  const product = await findProduct(db, productId);
  const where = eq(stockMovements.productId, product.id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        createdAt: stockMovements.createdAt,
        delta: stockMovements.delta,
        stockAfter: stockMovements.stockAfter,
        cause: stockMovements.cause,
        note: stockMovements.note,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        actorId: users.id,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(stockMovements).where(where),
  ]);
  return {
    product: { id: product.id, name: product.name, sku: product.sku, stock: product.stock },
    movements: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      delta: r.delta,
      stockAfter: r.stockAfter,
      cause: r.cause,
      causeLabel: stockCauseLabels[r.cause],
      note: r.note,
      order: r.orderId && r.orderNumber ? { id: r.orderId, orderNumber: r.orderNumber } : null,
      actor: r.actorId
        ? { id: r.actorId, name: `${r.actorFirstName ?? ''} ${r.actorLastName ?? ''}`.trim() }
        : null,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
