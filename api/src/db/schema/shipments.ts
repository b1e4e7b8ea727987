import { relations } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { orders } from './orders.ts';

/** Spec section 9. */
export const shippingCarrier = pgEnum('shipping_carrier', ['USPS', 'FedEx', 'UPS', 'DHL']);
export const shippingMethod = pgEnum('shipping_method', ['standard', 'express', 'overnight']);

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: shippingCarrier().notNull(),
    trackingNumber: text().notNull(),
    shippingMethod: shippingMethod().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shipments_order_id_key').on(t.orderId),
    index('shipments_tracking_number_idx').on(t.trackingNumber),
  ],
);

export const shipmentsRelations = relations(shipments, ({ one }) => ({
  order: one(orders, { fields: [shipments.orderId], references: [orders.id] }),
}));
