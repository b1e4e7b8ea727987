import { z } from 'zod';
import { carriers, shippingMethods } from '../shipping.ts';
import { statusSources } from '../statuses.ts';
import { count, instant, pageFields, rowId } from './admin-answers.ts';
import { refundSummarySchema } from './admin-refunds.ts';
import { orderStatuses } from './orders.ts';

/**
 * Where an order ships, as it was stored with the order (`shippingAddressSchema` checked it
 * then; an answer describes what is stored, not today's rules).
 */
export const storedShippingAddressSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phone: z.string(),
  })
  .meta({ id: 'ShippingAddress' });

/** A line of an order: the product's name, sku and price as they were when ordered. */
export const orderLineSchema = z
  .object({
    productId: rowId,
    product: z.object({ name: z.string(), sku: z.string() }),
    name: z.string(),
    quantity: count,
    priceCents: z.int(),
    price: z.string(),
    lineTotalCents: z.int(),
    lineTotal: z.string(),
  })
  .meta({ id: 'OrderLine' });

/** How an order was shipped, and where its parcel is followed. */
export const shipmentSchema = z
  .object({
    carrier: z.enum(carriers),
    trackingNumber: z.string(),
    shippingMethod: z.enum(shippingMethods),
    shippingMethodLabel: z.string(),
    trackingUrl: z.string().nullable(),
    shippedAt: instant,
  })
  .meta({ id: 'Shipment' });

/**
 * An order in the spec's shape (`_id`, orderNumber, status, items, user, shippingAddress,
 * shipping) with its breakdown in cents and as text, its status history and its invoice number.
 */
export const orderSchema = z
  .object({
    id: rowId,
    _id: rowId,
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    createdAt: instant,
    paidAt: instant.nullable(),
    /** Its invoice's number once paid (`2026-000001`). */
    invoiceNumber: z.string().nullable(),
    items: z.array(orderLineSchema),
    subtotalCents: z.int(),
    shippingCents: z.int(),
    taxCents: z.int(),
    totalCents: z.int(),
    subtotal: z.string(),
    shippingCost: z.string(),
    tax: z.string(),
    total: z.string(),
    user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
    shippingAddress: storedShippingAddressSchema.nullable(),
    shipping: shipmentSchema.nullable(),
    /** Until when an unpaid order holds its stock; null once it is not pending. */
    reservedUntil: instant.nullable(),
    /** Every status it went through (empty in lists). */
    history: z.array(
      z.object({ status: z.enum(orderStatuses), source: z.enum(statusSources), at: instant }),
    ),
  })
  .meta({ id: 'Order' });

/** An order as the admin opens it: with its refunds and what can still be refunded. */
export const adminOrderSchema = orderSchema
  .extend({ refunds: refundSummarySchema })
  .meta({ id: 'AdminOrder' });

/** GET /api/admin/orders */
export const adminOrderListSchema = z.object({ orders: z.array(orderSchema), ...pageFields });

/** GET /api/admin/orders/:id */
export const adminOrderAnswerSchema = z.object({ order: adminOrderSchema });

/** PUT /api/admin/orders/:id/status and /shipping: the order as it is now, and what was done. */
export const adminOrderChangeSchema = z.object({ order: adminOrderSchema, message: z.string() });
