import { messages } from '@studio/shared/messages';
import { withTax } from '@studio/shared/money';
import type { createOrderSchema } from '@studio/shared/schemas/orders';
import { physicalCategories, shippingEstimateCents } from '@studio/shared/shipping';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { newOrderNumber } from './new-order-number.ts';
import { presentOrder } from './present-order.ts';
import { transitionOrder } from './transition-order.ts';

const m = messages.orders;

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
  env: Pick<Env, 'ORDER_HOLD_MINUTES'>;
  jobs: Jobs;
  userId: string;
  input: z.output<typeof createOrderSchema>;
}) {
  // One line per product, whatever the cart sent.
  const wanted = new Map<string, number>();
  for (const item of input.items)
    wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  for (const quantity of wanted.values())
    if (quantity > 99) throw new ApiError('VALIDATION_FAILED', m.tooManyItems);

  for (let attempt = 0; ; attempt++) {
    try {
      const order = await db.transaction(async (tx) => {
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

        for (const line of lines) {
          const updated = await tx
            .update(products)
            .set({ stock: sql`${products.stock} - ${line.quantity}` })
            .where(and(eq(products.id, line.product.id), gte(products.stock, line.quantity)))
            .returning({ id: products.id });
          if (updated.length === 0) throw new ApiError('CONFLICT', m.outOfStock(line.product.name));
        }
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
