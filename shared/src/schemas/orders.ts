import { z } from 'zod';
import { limits } from '../limits.ts';
import { orderMessages } from '../messages/orders.ts';
import { carriers, shippingMethods } from '../shipping.ts';
import { paginationSchema } from './pagination.ts';
import { singleLine } from './text.ts';

const a = orderMessages.address;
const o = orderMessages;

function required(field: string, message: string, max = 200) {
  return singleLine(field, { error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Must be at most ${max} characters` });
}

export const shippingAddressSchema = z.object({
  firstName: required('First name', a.firstNameRequired, 100),
  lastName: required('Last name', a.lastNameRequired, 100),
  street: required('Street', a.streetRequired),
  city: required('City', a.cityRequired, 100),
  state: required('State', a.stateRequired, 100),
  zipCode: required('ZIP code', a.zipRequired, 20).regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]{1,18}[A-Za-z0-9]$/,
    {
      error: a.zipInvalid,
    },
  ),
  phone: required('Phone', a.phoneRequired, 20).regex(limits.phonePattern, {
    error: a.phoneInvalid,
  }),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

export const orderStatuses = [
  'pending',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** POST /api/orders: what and where; never a price (the server computes every amount). */
export const createOrderSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.uuid({ error: 'Unknown product' }),
        quantity: z.coerce
          .number({ error: 'Quantity must be a number' })
          .int({ error: 'Quantity must be a whole number' })
          .min(1, { error: 'Quantity must be at least 1' })
          .max(limits.maxQuantityPerLine, {
            error: orderMessages.perLineCap(limits.maxQuantityPerLine),
          }),
      }),
      { error: o.cartEmpty },
    )
    .min(1, { error: o.cartEmpty })
    .max(50, { error: 'At most 50 different items per order' }),
  shippingAddress: shippingAddressSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** PUT /api/admin/orders/:id/status */
export const orderStatusSchema = z.object({
  status: z.enum(orderStatuses, { error: 'Choose a valid order status' }),
});

/** PUT /api/admin/orders/:id/shipping (spec 5: all three required). */
export const shippingInfoSchema = z.object({
  carrier: z.enum(carriers, { error: o.carrierRequired }),
  trackingNumber: required('Tracking number', o.trackingRequired, 64),
  shippingMethod: z.enum(shippingMethods, { error: o.methodRequired }),
});

/** GET /api/admin/orders */
export const adminOrdersQuerySchema = paginationSchema.extend({
  status: z.enum(orderStatuses, { error: 'Choose a valid order status' }).optional(),
  q: singleLine('Search').trim().max(200).optional(),
  sort: z.enum(['createdAt', 'total', 'orderNumber', 'status']).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

/** POST /api/orders/execute-payment (spec 7) after PayPal returns to /checkout/success. */
export const executePaymentSchema = z.object({
  paymentId: singleLine('Payment id', { error: o.missingPaymentInfo })
    .trim()
    .min(1, { error: o.missingPaymentInfo })
    .max(100),
  payerId: singleLine('Payer id', { error: o.missingPaymentInfo })
    .trim()
    .min(1, { error: o.missingPaymentInfo })
    .max(100),
  orderId: z.uuid({ error: o.missingPaymentInfo }),
});
