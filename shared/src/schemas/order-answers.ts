import { z } from 'zod';
import { carriers, shippingMethods } from '../shipping.ts';
import { statusSources } from '../statuses.ts';
import { isoDateTime } from './answers.ts';
import { orderDownloadSchema } from './downloads.ts';
import { orderStatuses } from './orders.ts';
import { pageAnswerFields } from './pagination.ts';

// Apart from orders.ts because statuses.ts reads the order statuses from there: the answers need
// the status sources, and one file holding both would make an import circle.

/** A shipping address as it was given at checkout. */
export const shippingAddressAnswerSchema = z
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
export const orderLineAnswerSchema = z.object({
  productId: z.uuid(),
  product: z.object({ name: z.string(), sku: z.string() }),
  name: z.string(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  price: z.string(),
  lineTotalCents: z.number().int(),
  lineTotal: z.string(),
});

/** How an order was shipped, and where its parcel is followed. */
export const shipmentAnswerSchema = z
  .object({
    carrier: z.enum(carriers),
    trackingNumber: z.string(),
    shippingMethod: z.enum(shippingMethods),
    shippingMethodLabel: z.string(),
    trackingUrl: z.string().nullable(),
    shippedAt: isoDateTime,
  })
  .meta({ id: 'Shipment' });

/**
 * An order in the spec's shape (`_id` repeats `id`; items with product name and sku, user,
 * shippingAddress, shipping) plus the breakdown in cents and as text, the status history and
 * tracking. Lists leave the history empty.
 */
export const orderViewSchema = z.object({
  id: z.uuid(),
  _id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  /** Its invoice's number once paid (`2026-000001`). */
  invoiceNumber: z.string().nullable(),
  items: z.array(orderLineAnswerSchema),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  subtotal: z.string(),
  shippingCost: z.string(),
  tax: z.string(),
  total: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  shippingAddress: shippingAddressAnswerSchema.nullable(),
  shipping: shipmentAnswerSchema.nullable(),
  /** Until when an unpaid order holds its stock; null once it is not pending. */
  reservedUntil: isoDateTime.nullable(),
  history: z.array(
    z.object({ status: z.enum(orderStatuses), source: z.enum(statusSources), at: isoDateTime }),
  ),
  /** Whether the order has digital products, whose files the buyer downloads. */
  hasDownloads: z.boolean(),
  /** Its digital lines and their files (issue 25); lists leave it empty. */
  downloads: z.array(orderDownloadSchema),
});
export type OrderViewAnswer = z.infer<typeof orderViewSchema>;

/** POST /api/orders (201) and GET /api/orders/:id. */
export const orderAnswerSchema = z.object({ order: orderViewSchema });
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/** GET /api/orders: the customer's own orders, newest first. */
export const orderListAnswerSchema = z.object({
  orders: z.array(orderViewSchema),
  ...pageAnswerFields,
});
export type OrderListAnswer = z.infer<typeof orderListAnswerSchema>;

/** POST /api/orders/:id/cancel: the order cancelled, its stock back. */
export const orderCancelledAnswerSchema = z.object({
  message: z.string(),
  order: orderViewSchema,
});
export type OrderCancelledAnswer = z.infer<typeof orderCancelledAnswerSchema>;

/** POST /api/orders/execute-payment, 200: PayPal's capture confirmed the payment. */
export const paymentExecutedAnswerSchema = z.object({
  success: z.literal(true),
  status: z.literal('confirmed'),
  order: orderViewSchema,
});
export type PaymentExecutedAnswer = z.infer<typeof paymentExecutedAnswerSchema>;

/** POST /api/orders/execute-payment, 202: the payment is still being settled. */
export const paymentExecutionPendingAnswerSchema = z.object({
  success: z.literal(false),
  status: z.literal('pending'),
  message: z.string(),
  order: orderViewSchema,
});
export type PaymentExecutionPendingAnswer = z.infer<typeof paymentExecutionPendingAnswerSchema>;
