import { paidOrderStatuses } from '@studio/shared/statuses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import { refunds } from '../../db/schema/refunds.ts';

/**
 * A customer's total spent, as an aggregate over their `orders` rows (decision 033): each order
 * in a paid status (paid, processing, shipped, delivered: the dashboard's revenue) counts its
 * total less its completed refunds; a wholly refunded order is `refunded` and counts nothing.
 * Pending refunds still count as spent until PayPal confirms them.
 */
export const netSpentCents = sql<number>`coalesce(sum(${orders.totalCents} - (
    select coalesce(sum(${refunds.amountCents}), 0) from ${refunds}
    where ${and(eq(refunds.orderId, orders.id), eq(refunds.status, 'completed'))}
  )) filter (where ${inArray(orders.status, [...paidOrderStatuses])}), 0)::bigint`.mapWith(Number);
