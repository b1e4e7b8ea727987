import { z } from 'zod';
import { count, pageFields, rowId } from './admin-answers.ts';
import { refundSummarySchema } from './admin-refunds.ts';
import { downloadGrantSchema } from './downloads.ts';
import { orderLineAnswerSchema, orderViewSchema } from './order-answers.ts';

/** A line of an order (order-answers.ts), its product's id read as any UUID version. */
export const orderLineSchema = orderLineAnswerSchema
  .extend({ productId: rowId, quantity: count })
  .meta({ id: 'OrderLine' });

/**
 * An order in the spec's shape (order-answers.ts), its ids read as any UUID version; the admin's
 * answers name it `Order`.
 */
export const orderSchema = orderViewSchema
  .extend({ id: rowId, _id: rowId, items: z.array(orderLineSchema) })
  .meta({ id: 'Order' });

/**
 * An order as the admin opens it: with its refunds and what can still be refunded, and the
 * buyer's access to its digital products' files.
 */
export const adminOrderSchema = orderSchema
  .extend({ refunds: refundSummarySchema, grants: z.array(downloadGrantSchema) })
  .meta({ id: 'AdminOrder' });

/** GET /api/admin/orders */
export const adminOrderListSchema = z.object({ orders: z.array(orderSchema), ...pageFields });

/** GET /api/admin/orders/:id */
export const adminOrderAnswerSchema = z.object({ order: adminOrderSchema });

/** PUT /api/admin/orders/:id/status and /shipping: the order as it is now, and what was done. */
export const adminOrderChangeSchema = z.object({ order: adminOrderSchema, message: z.string() });
