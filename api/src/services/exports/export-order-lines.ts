import type { OrderExportQuery } from '@studio/shared/schemas/exports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CsvFile, csvAmount, csvText, datedCsvName, forEachRow } from '../../lib/csv.ts';
import { type OrderCursor, orderBatches } from './order-batches.ts';

const header = [
  'Order number',
  'Order date (UTC)',
  'Order status',
  'Customer e-mail',
  'SKU',
  'Product',
  'Quantity',
  'Unit price',
  'Line total',
  'Currency',
] as const;

/** Orders read this many at a time: at most 50 lines each. */
const ORDERS_PER_BATCH = 500;

interface LineRow {
  id: string;
  key: string;
  orderNumber: string;
  createdAt: string;
  status: string;
  email: string;
  sku: string | null;
  name: string | null;
  quantity: number | null;
  unitPriceCents: number | null;
  lineTotalCents: number | null;
}

/**
 * GET /api/admin/exports/order-lines: one row per item of the orders the Orders tab shows for
 * `query`, with its order's number, date and status, in the tab's order (decision 034). Each
 * batch is one query: a page of orders (the orders export's), joined to its items.
 */
export function exportOrderLines({ db, query }: { db: Db; query: OrderExportQuery }): CsvFile {
  const dir = sql.raw(query.dir === 'asc' ? 'asc' : 'desc');
  return {
    name: datedCsvName('order-lines'),
    header,
    async write(out) {
      let after: OrderCursor | undefined;
      for (;;) {
        let orders = 0;
        let last: OrderCursor | undefined;
        const page = orderBatches({ query, size: ORDERS_PER_BATCH, after });
        await forEachRow<LineRow>(
          db,
          // An order without items still comes once (left join), so the page is counted whole.
          sql`with page as (${page})
            select page."id", page."key", page."orderNumber", page."createdAt", page."status",
              page."email", i.sku as "sku", i.name as "name", i.quantity as "quantity",
              i.unit_price_cents as "unitPriceCents", i.line_total_cents as "lineTotalCents"
            from page left join order_items i on i.order_id = page."id"
            order by page."sortValue" ${dir}, page."id" desc, i.name, i.id`,
          (line) => {
            if (line.id !== last?.id) orders += 1;
            last = line;
            if (line.sku === null) return;
            out.record([
              csvText(line.orderNumber),
              line.createdAt,
              line.status,
              csvText(line.email),
              csvText(line.sku),
              csvText(line.name),
              String(line.quantity),
              csvAmount(line.unitPriceCents),
              csvAmount(line.lineTotalCents),
              'USD',
            ]);
          },
        );
        if (orders < ORDERS_PER_BATCH || !last || !(await out.room())) return;
        after = { key: last.key, id: last.id };
      }
    },
  };
}
