import { formatUsd } from '@studio/shared/money';
import type { OrderDownloadAnswer } from '@studio/shared/schemas/downloads';
import { shippingMethodLabels, trackingUrl } from '@studio/shared/shipping';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { type Order, orderItems, orderStatusHistory } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipments.ts';
import { users } from '../../db/schema/users.ts';
import {
  ordersWithDownloads,
  presentOrderDownloads,
} from '../downloads/present-order-downloads.ts';
import { invoiceNumber } from '../invoices/invoice-number.ts';

/**
 * Orders in the spec's shape (`_id`, orderNumber, status, total, createdAt, items with product
 * name and sku, quantity and price, user, shippingAddress, shipping), plus the breakdown, the
 * status history and tracking, with money in cents and as text.
 */
export async function presentOrders(db: DbOrTx, rows: Order[], detail = true) {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [items, owners, shipped, history, invoiced, digital] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.name)),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((o) => o.userId))])),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
    detail
      ? db
          .select()
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, ids))
          .orderBy(asc(orderStatusHistory.createdAt))
      : Promise.resolve([]),
    db
      .select({ orderId: invoices.orderId, year: invoices.year, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
    ordersWithDownloads(db, ids),
  ]);
  // The detail of one order lists its files (decision 045); lists only mark it.
  const downloads = new Map<string, OrderDownloadAnswer[]>();
  if (detail) {
    for (const order of rows.filter((o) => digital.has(o.id)))
      downloads.set(order.id, await presentOrderDownloads(db, order));
  }
  return rows.map((order) => {
    const user = owners.find((u) => u.id === order.userId);
    const shipment = shipped.find((s) => s.orderId === order.id);
    const invoice = invoiced.find((i) => i.orderId === order.id);
    return {
      id: order.id,
      _id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      /** Its invoice's number once paid (`2026-000001`), for the "Download invoice" link. */
      invoiceNumber: invoice ? invoiceNumber(invoice.year, invoice.number) : null,
      items: items
        .filter((i) => i.orderId === order.id)
        .map((i) => ({
          productId: i.productId,
          product: { name: i.name, sku: i.sku },
          name: i.name,
          quantity: i.quantity,
          priceCents: i.unitPriceCents,
          price: formatUsd(i.unitPriceCents),
          lineTotalCents: i.lineTotalCents,
          lineTotal: formatUsd(i.lineTotalCents),
        })),
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      subtotal: formatUsd(order.subtotalCents),
      shippingCost: formatUsd(order.shippingCents),
      tax: formatUsd(order.taxCents),
      total: formatUsd(order.totalCents),
      user: user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : null,
      shippingAddress: order.shippingAddress,
      shipping: shipment
        ? {
            carrier: shipment.carrier,
            trackingNumber: shipment.trackingNumber,
            shippingMethod: shipment.shippingMethod,
            shippingMethodLabel: shippingMethodLabels[shipment.shippingMethod],
            trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
            shippedAt: shipment.createdAt.toISOString(),
          }
        : null,
      reservedUntil:
        order.status === 'pending' ? (order.reservedUntil?.toISOString() ?? null) : null,
      history: history
        .filter((h) => h.orderId === order.id)
        .map((h) => ({ status: h.status, source: h.source, at: h.createdAt.toISOString() })),
      hasDownloads: digital.has(order.id),
      downloads: downloads.get(order.id) ?? [],
    };
  });
}

export async function presentOrder(db: DbOrTx, order: Order) {
  const [view] = await presentOrders(db, [order]);
  if (!view) throw new Error('order vanished');
  return view;
}

export type OrderView = Awaited<ReturnType<typeof presentOrder>>;
