import { type SQL, sql } from 'drizzle-orm';

/**
 * What completed refunds gave back of one order or one payment (`id` is the outer query's
 * column), for revenue net of partial refunds (decision 035): a wholly refunded order or payment
 * leaves the paid statuses and counts nothing already; a partly refunded one counts what was
 * kept. Pending refunds still count as revenue until PayPal confirms them, as in a customer's
 * total spent.
 */
export const refundedCents = (of: 'order' | 'payment', id: SQL) =>
  of === 'order'
    ? sql`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = ${id} and r.status = 'completed')`
    : sql`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.payment_id = ${id} and r.status = 'completed')`;
