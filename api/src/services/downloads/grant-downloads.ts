import type { StatusSource } from '@studio/shared/statuses';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Order, orderItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { type GrantTerms, openGrant } from './open-grant.ts';

/** A product's terms from now: its downloads per file, its days of access. */
export function termsOf(
  product: { downloadLimit: number | null; downloadDays: number | null },
  now = new Date(),
): GrantTerms {
  return {
    downloadLimit: product.downloadLimit,
    expiresAt:
      product.downloadDays === null
        ? null
        : new Date(now.getTime() + product.downloadDays * 24 * 60 * 60 * 1000),
  };
}

/**
 * Each digital line of an order that has just been paid grants its buyer access to the
 * product's files, on the product's terms (decision 045). Called by transitionOrder, in the
 * paid transition's transaction; a line granted already is left as it is.
 */
export async function grantDownloads(
  tx: Tx,
  { order, source, actorId }: { order: Order; source: StatusSource; actorId: string | null },
): Promise<number> {
  const lines = await tx
    .select({
      productId: products.id,
      downloadLimit: products.downloadLimit,
      downloadDays: products.downloadDays,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, order.id), eq(products.category, 'digital')));
  let opened = 0;
  for (const line of lines) {
    const { changed } = await openGrant(tx, {
      orderId: order.id,
      productId: line.productId,
      userId: order.userId,
      terms: termsOf(line),
      source,
      actorId,
    });
    if (changed) opened += 1;
  }
  return opened;
}
