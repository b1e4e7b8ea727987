import { reportMessages } from '@studio/shared/messages/report';
import type { reportQuerySchema } from '@studio/shared/schemas/admin';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { paidOrderStatusesSql } from '../../db/paid-order-statuses.ts';
import { ApiError } from '../../lib/api-error.ts';
import { refundedCents } from './refunded-cents.ts';

const DAY = 86_400_000;

/**
 * GET /api/admin/report: the figures of the printable report for [from, to] (inclusive days,
 * UTC): revenue by day and by method, orders by status, top products, submissions by service.
 */
export async function report({ db, query }: { db: Db; query: z.output<typeof reportQuerySchema> }) {
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
  if (Date.parse(to) - Date.parse(from) > 366 * DAY)
    throw new ApiError('VALIDATION_FAILED', reportMessages.periodTooLong);
  const start = sql`${from}::date`;
  const end = sql`(${to}::date + 1)`;
  const paid = paidOrderStatusesSql;

  const [byDay, byMethod, byStatus, topProducts, bySubmissionService] = await Promise.all([
    db.execute<{ day: string; order_cents: string; submission_cents: string }>(sql`
      with days as (select generate_series(${start}, ${end} - 1, interval '1 day')::date as day),
      o as (select (created_at at time zone 'utc')::date as day, sum(total_cents - ${refundedCents('order', sql`orders.id`)}) as cents from orders
            where status in ${paid} and created_at >= ${start} and created_at < ${end} group by 1),
      s as (select (confirmed_at at time zone 'utc')::date as day, sum(amount_cents - ${refundedCents('payment', sql`payments.id`)}) as cents from payments
            where status = 'confirmed' and submission_id is not null and confirmed_at >= ${start} and confirmed_at < ${end} group by 1)
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(o.cents, 0)::bigint as order_cents, coalesce(s.cents, 0)::bigint as submission_cents
      from days left join o on o.day = days.day left join s on s.day = days.day order by days.day`),
    db.execute<{ method: string; cents: string; count: number }>(sql`
      select method::text, sum(amount_cents - ${refundedCents('payment', sql`payments.id`)})::bigint as cents, count(*)::int as count from payments
      where status = 'confirmed' and confirmed_at >= ${start} and confirmed_at < ${end}
      group by method order by cents desc`),
    db.execute<{ status: string; count: number }>(sql`
      select status::text, count(*)::int as count from orders
      where created_at >= ${start} and created_at < ${end} group by status order by count desc`),
    db.execute<{
      product_id: string;
      name: string;
      sku: string;
      quantity: number;
      cents: string;
    }>(sql`
      select i.product_id, min(i.name) as name, min(i.sku) as sku, sum(i.quantity)::int as quantity, sum(i.line_total_cents)::bigint as cents
      from order_items i join orders o on o.id = i.order_id
      where o.status in ${paid} and o.created_at >= ${start} and o.created_at < ${end}
      group by i.product_id order by cents desc limit 10`),
    db.execute<{ service: string; count: number; paid: number }>(sql`
      select sv.title as service, count(*)::int as count, count(*) filter (where ps.payment_state = 'paid')::int as paid
      from project_submissions ps join services sv on sv.id = ps.service_id
      where ps.created_at >= ${start} and ps.created_at < ${end}
      group by sv.title order by count desc`),
  ]);
  const revenueByDay = byDay.map((d) => {
    const orderCents = Number(d.order_cents);
    const submissionCents = Number(d.submission_cents);
    return { day: d.day, orderCents, submissionCents, totalCents: orderCents + submissionCents };
  });
  return {
    from,
    to,
    totalRevenueCents: revenueByDay.reduce((sum, d) => sum + d.totalCents, 0),
    revenueByDay,
    revenueByMethod: byMethod.map((m) => ({
      method: m.method,
      cents: Number(m.cents),
      count: m.count,
    })),
    ordersByStatus: byStatus.map((s) => ({ status: s.status, count: s.count })),
    topProducts: topProducts.map((p) => ({
      productId: p.product_id,
      name: p.name,
      sku: p.sku,
      quantity: p.quantity,
      revenueCents: Number(p.cents),
    })),
    submissionsByService: bySubmissionService.map((s) => ({
      service: s.service,
      count: s.count,
      paidCount: s.paid,
    })),
  };
}
