import type { StockCause } from '@studio/shared/stock';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface StockMove {
  productId: string;
  /** Signed: negative takes stock, positive gives it back. */
  delta: number;
  cause: StockCause;
  /** The order behind the movement (a sale, a release, a re-open, a refund). */
  orderId?: string | null;
  /** The admin behind it (an edit, a cancel or re-open, a refund). */
  actorId?: string | null;
  note?: string | null;
}

/**
 * The only code that changes `products.stock` (decision 037). One statement changes the stock and
 * records the movement with the stock it left: the UPDATE locks the product's row, so concurrent
 * sales each record their own "stock after" and never lose one another's change.
 *
 * Answers the stock after the move, or null when the product is missing or the move would take
 * the stock below zero (nothing changes then: the caller refuses, e.g. with a 409). A delta of 0
 * changes and records nothing and answers the current stock.
 */
export async function moveStock(
  tx: DbOrTx,
  { productId, delta, cause, orderId = null, actorId = null, note = null }: StockMove,
): Promise<{ stock: number } | null> {
  if (!Number.isSafeInteger(delta)) throw new Error(`moveStock: bad delta ${delta}`);
  if (delta === 0) {
    const [row] = await tx.execute<{ stock: number }>(
      sql`select stock from products where id = ${productId}::uuid`,
    );
    return row ? { stock: row.stock } : null;
  }
  const [row] = await tx.execute<{ stock_after: number }>(sql`
    with moved as (
      update products set stock = stock + ${delta}::int, updated_at = now()
      where id = ${productId}::uuid and stock + ${delta}::int >= 0
      returning id, stock
    )
    insert into stock_movements (product_id, delta, stock_after, cause, order_id, actor_id, note)
    select id, ${delta}::int, stock, ${cause}::stock_cause, ${orderId}::uuid, ${actorId}::uuid,
      ${note}::text
    from moved
    returning stock_after`);
  return row ? { stock: row.stock_after } : null;
}
