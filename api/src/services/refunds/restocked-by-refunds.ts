import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refunds } from '../../db/schema/refunds.ts';

/**
 * How many of each line of an order completed refunds put back in stock, by order item id: a
 * cancellation returns (and a re-opening takes again) only what the order still holds.
 */
export async function restockedByRefunds(
  db: DbOrTx,
  orderId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ restock: refunds.restock })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed')));
  const returned = new Map<string, number>();
  for (const line of rows.flatMap((r) => r.restock)) {
    returned.set(line.itemId, (returned.get(line.itemId) ?? 0) + line.quantity);
  }
  return returned;
}
