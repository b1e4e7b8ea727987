import type { OrderExportQuery } from '@studio/shared/schemas/exports';
import type { Db } from '../../db/client.ts';
import { type CsvFile, csvAmount, csvText, datedCsvName, forEachRow } from '../../lib/csv.ts';
import { type OrderBatchRow, type OrderCursor, orderBatches } from './order-batches.ts';

const header = [
  'Order number',
  'Date (UTC)',
  'Status',
  'Customer',
  'Customer e-mail',
  'Items',
  'Subtotal',
  'Shipping',
  'Tax',
  'Total',
  'Currency',
  'Paid at (UTC)',
  'Payment method',
  'Carrier',
  'Tracking number',
  'Shipped at (UTC)',
  'Ship to',
  'Street',
  'City',
  'State',
  'ZIP code',
  'Phone',
] as const;

const BATCH = 1000;

function record(o: OrderBatchRow): string[] {
  const shipTo = o.shipFirstName === null ? null : `${o.shipFirstName} ${o.shipLastName ?? ''}`;
  return [
    csvText(o.orderNumber),
    o.createdAt,
    o.status,
    csvText(`${o.firstName} ${o.lastName}`),
    csvText(o.email),
    String(o.units),
    csvAmount(o.subtotalCents),
    csvAmount(o.shippingCents),
    csvAmount(o.taxCents),
    csvAmount(o.totalCents),
    'USD',
    o.paidAt ?? '',
    o.paymentMethod ?? '',
    o.carrier ?? '',
    csvText(o.trackingNumber),
    o.shippedAt ?? '',
    csvText(shipTo),
    csvText(o.street),
    csvText(o.city),
    csvText(o.state),
    csvText(o.zipCode),
    csvText(o.phone),
  ];
}

/**
 * GET /api/admin/exports/orders: one row per order the Orders tab shows for `query` (its status
 * filter, search and sort), read a batch at a time while the file is sent (decision 034).
 */
export function exportOrders({ db, query }: { db: Db; query: OrderExportQuery }): CsvFile {
  return {
    name: datedCsvName('orders'),
    header,
    async write(out) {
      let after: OrderCursor | undefined;
      for (;;) {
        let last: OrderCursor | undefined;
        const count = await forEachRow<OrderBatchRow>(
          db,
          orderBatches({ query, size: BATCH, after }),
          (order) => {
            out.record(record(order));
            last = order;
          },
        );
        if (count < BATCH || !last || !(await out.room())) return;
        after = { key: last.key, id: last.id };
      }
    },
  };
}
