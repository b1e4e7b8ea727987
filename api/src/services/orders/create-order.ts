import { limits } from '@studio/shared/limits';
import { orderMessages } from '@studio/shared/messages/orders';
import { withTax } from '@studio/shared/money';
import type { createOrderSchema } from '@studio/shared/schemas/orders';
import { physicalCategories, shippingEstimateCents } from '@studio/shared/shipping';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { moveStock } from '../stock/move-stock.ts';
import { newOrderNumber } from './new-order-number.ts';
import { presentOrder } from './present-order.ts';
import { transitionOrder } from './transition-order.ts';

const m = orderMessages;

/**
 * At most `max` unpaid orders holding stock per customer (decision 026). The customer's
 * advisory lock, held to the end of the order's transaction, makes concurrent checkouts of one
 * customer count one after the other, so two cannot both pass at max - 1. An unpaid order counts
 * while its hold lasts, or while a transfer offered for it is still being confirmed (the
 * release keeps those); one whose hold ran out is being released and frees its slot.
 */
async function refuseTooManyUnpaid(tx: Tx, userId: string, max: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`unpaid-orders:${userId}`}, 0))`,
  );
  const [held] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      firstEnds: sql<Date | null>`min(${orders.reservedUntil})`.mapWith(orders.reservedUntil),
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        isNull(orders.stockReleasedAt),
        or(
          gt(orders.reservedUntil, sql`now()`),
          sql`exists (select 1 from payments p where p.order_id = ${orders.id}
            and p.status = 'pending' and p.provider_reference is not null)`,
        ),
      ),
    );
  if ((held?.count ?? 0) < max) return;
  const minutes = Math.max(1, Math.ceil(((held?.firstEnds?.getTime() ?? 0) - Date.now()) / 60_000));
  throw new ApiError('CONFLICT', orderMessages.tooManyUnpaid(max, minutes));
}

/**
 * Places a shop order for the signed-in customer. Every amount is the server's: current prices
 * (the sale price when on sale), the spec's shipping estimate for physical items, 7% tax on the
 * goods, the total. Stock is checked and reserved in the same transaction, with the product
 * rows locked, so concurrent checkouts cannot oversell; an unpaid order gives its stock back
 * after ORDER_HOLD_MINUTES.
 */
export async function createOrder({
  db,
  env,
  jobs,
  userId,
  input,
}: {
  db: Db;
  env: Pick<Env, 'ORDER_HOLD_MINUTES' | 'ORDER_MAX_UNPAID'>;
  jobs: Jobs;
  userId: string;
  input: z.output<typeof createOrderSchema>;
}) {
  // One line per product, whatever the cart sent.
  const wanted = new Map<string, number>();
  for (const item of input.items)
    wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  // Repeated lines of one product add up: the cap is per product, not per line sent.
  for (const quantity of wanted.values())
    if (quantity > limits.maxQuantityPerLine)
      throw new ApiError('VALIDATION_FAILED', orderMessages.perLineCap(limits.maxQuantityPerLine));

  for (let attempt = 0; ; attempt++) {
    try {
      const order = await db.transaction(async (tx) => {
        await refuseTooManyUnpaid(tx, userId, env.ORDER_MAX_UNPAID);
        // Lock in a fixed order so two carts with the same products cannot deadlock.
        const rows = await tx
          .select()
          .from(products)
          .where(inArray(products.id, [...wanted.keys()]))
          .orderBy(asc(products.id))
          .for('update');
        const lines = [...wanted].map(([productId, quantity]) => {
          const product = rows.find((p) => p.id === productId);
          if (!product?.isActive)
            throw new ApiError('NOT_FOUND', m.unavailable(product?.name ?? m.someProduct));
          const meta = product.metadata;
          if (meta.externalUrl || meta.shopifyUrl || meta.barnesNobleUrl) {
            throw new ApiError('UNPROCESSABLE', m.soldElsewhere(product.name));
          }
          if (product.stock < quantity) {
            throw new ApiError(
              'CONFLICT',
              product.stock === 0
                ? m.outOfStock(product.name)
                : m.notEnoughStock(product.name, product.stock),
            );
          }
          const unit = product.salePriceCents ?? product.priceCents;
          return { product, quantity, unit, lineTotal: unit * quantity };
        });
        const physical = lines
          .filter((l) => physicalCategories.has(l.product.category))
          .reduce((n, l) => n + l.quantity, 0);
        if (physical > 0 && !input.shippingAddress)
          throw new ApiError('VALIDATION_FAILED', m.addressRequired, [
            { path: 'shippingAddress', message: m.addressRequired },
          ]);
        const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
        const shipping = shippingEstimateCents(physical);
        const { taxCents } = withTax(subtotal);

        const [created] = await tx
          .insert(orders)
          .values({
            orderNumber: newOrderNumber(),
            userId,
            subtotalCents: subtotal,
            shippingCents: shipping,
            taxCents,
            totalCents: subtotal + shipping + taxCents,
            shippingAddress: physical > 0 ? (input.shippingAddress ?? null) : null,
            reservedUntil: new Date(Date.now() + env.ORDER_HOLD_MINUTES * 60_000),
          })
          .returning();
        if (!created) throw new Error('insert returned no row');
        // The rows are locked above, so the order's insert before the stock keeps the lock order.
        for (const line of lines) {
          const taken = await moveStock(tx, {
            productId: line.product.id,
            delta: -line.quantity,
            cause: 'sale',
            orderId: created.id,
          });
          if (!taken) throw new ApiError('CONFLICT', m.outOfStock(line.product.name));
        }
        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: created.id,
            productId: l.product.id,
            name: l.product.name,
            sku: l.product.sku,
            unitPriceCents: l.unit,
            quantity: l.quantity,
            lineTotalCents: l.lineTotal,
          })),
        );
        await transitionOrder(tx, {
          orderId: created.id,
          to: 'pending',
          source: 'customer',
          actorId: userId,
          opened: true,
        });
        return created;
      });
      await jobs.send(
        'order-release',
        { orderId: order.id },
        { startAfterSeconds: env.ORDER_HOLD_MINUTES * 60 + 5 },
      );
      return presentOrder(db, order);
    } catch (error) {
      // A clash of random order numbers: try again with a new one.
      if (isUniqueViolation(error, 'orders_order_number_key') && attempt < 5) continue;
      throw error;
    }
  }
}
