import type { OrderExportQuery } from '@studio/shared/schemas/exports';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import { shipments } from '../../db/schema/shipments.ts';
import { users } from '../../db/schema/users.ts';
import { isoUtc } from '../../lib/csv.ts';
import { orderFilters } from '../orders/order-filters.ts';

/**
 * The Orders tab's sort columns, each with its SQL type: the keyset carries the last row's
 * value as PostgreSQL's own text (`created_at::text` keeps the microseconds a JS Date drops), and
 * casts it back, so no row is skipped or repeated at a batch boundary.
 */
const sortKeys = {
  createdAt: { column: orders.createdAt, type: 'timestamptz' },
  total: { column: orders.totalCents, type: 'integer' },
  orderNumber: { column: orders.orderNumber, type: 'text' },
  status: { column: orders.status, type: 'order_status' },
} as const;

/** Where the previous batch ended: its last order's sort value (as text) and id. */
export interface OrderCursor {
  key: string;
  id: string;
}

/** One order as the exports read it (the `as "…"` names of orderBatches' query). */
export interface OrderBatchRow {
  id: string;
  key: string;
  orderNumber: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  firstName: string;
  lastName: string;
  email: string;
  units: number;
  paymentMethod: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  shipFirstName: string | null;
  shipLastName: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  phone: string | null;
}

/**
 * One batch of the orders the Orders tab shows for `query` (orderFilters), in its order: the
 * sort column, then the newest id first on a tie, as the tab breaks them (list-orders.ts); the
 * `size` after `after` (keyset pagination), with their customer and shipment. Also gives
 * `sortValue`, the typed sort column, for a query that orders the batch again (order lines).
 */
export function orderBatches({
  query,
  size,
  after,
}: {
  query: OrderExportQuery;
  size: number;
  after: OrderCursor | undefined;
}): SQL {
  const { column, type } = sortKeys[query.sort];
  const ascending = query.dir === 'asc';
  const conditions: (SQL | undefined)[] = [orderFilters(query)];
  if (after) {
    const key = sql`${after.key}::${sql.raw(type)}`;
    const id = sql`${after.id}::uuid`;
    conditions.push(
      ascending
        ? sql`(${column} > ${key} or (${column} = ${key} and ${orders.id} < ${id}))`
        : sql`(${column}, ${orders.id}) < (${key}, ${id})`,
    );
  }
  const to = (field: string) => sql`${orders.shippingAddress}->>${field}`;
  return sql`
    select ${orders.id} as "id", ${column}::text as "key", ${column} as "sortValue",
      ${orders.orderNumber} as "orderNumber", ${orders.status} as "status",
      ${isoUtc(orders.createdAt)} as "createdAt", ${isoUtc(orders.paidAt)} as "paidAt",
      ${orders.subtotalCents} as "subtotalCents", ${orders.shippingCents} as "shippingCents",
      ${orders.taxCents} as "taxCents", ${orders.totalCents} as "totalCents",
      ${users.firstName} as "firstName", ${users.lastName} as "lastName", ${users.email} as "email",
      (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = ${orders.id}) as "units",
      -- The method of the payment that paid it (a refunded one still did).
      (select p.method::text from payments p where p.order_id = ${orders.id}
        and p.status in ('confirmed', 'refunded') order by p.confirmed_at desc nulls last limit 1) as "paymentMethod",
      ${shipments.carrier} as "carrier", ${shipments.trackingNumber} as "trackingNumber",
      ${isoUtc(shipments.createdAt)} as "shippedAt",
      ${to('firstName')} as "shipFirstName", ${to('lastName')} as "shipLastName",
      ${to('street')} as "street", ${to('city')} as "city", ${to('state')} as "state",
      ${to('zipCode')} as "zipCode", ${to('phone')} as "phone"
    from ${orders}
    join ${users} on ${eq(users.id, orders.userId)}
    left join ${shipments} on ${eq(shipments.orderId, orders.id)}
    where ${and(...conditions) ?? sql`true`}
    order by ${column} ${sql.raw(ascending ? 'asc' : 'desc')}, ${orders.id} desc
    limit ${size}`;
}
