import { paidOrderStatuses } from '@studio/shared/statuses';
import { sql } from 'drizzle-orm';

/**
 * `(…)`: the order statuses that count as paid and as revenue (shared/src/statuses.ts), for an
 * SQL `status in …`, so the dashboard and the report count the same orders as the code does.
 */
export const paidOrderStatusesSql = sql`(${sql.join(
  paidOrderStatuses.map((s) => sql`${s}`),
  sql`, `,
)})`;
