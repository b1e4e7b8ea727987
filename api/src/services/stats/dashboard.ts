import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paidOrderStatusesSql } from '../../db/paid-order-statuses.ts';
import { products } from '../../db/schema/products.ts';
import type { Env } from '../../env.ts';
import { refundedCents } from './refunded-cents.ts';

function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) * 1000) / before) / 10;
}

/**
 * The first instants of this month and the last, by the UTC calendar: every figure here and in
 * the report counts by UTC days (orders by the per-day table's UTC day, submissions by when
 * their payment was confirmed), so an order and a submission paid at the same moment always
 * land in the same month.
 */
const utcMonths = sql`(select date_trunc('month', now() at time zone 'utc') at time zone 'utc' as this_month,
  (date_trunc('month', now() at time zone 'utc') - interval '1 month') at time zone 'utc' as last_month)`;

/**
 * GET /api/admin/dashboard: the spec's stats and lowStockProducts, from the data, plus the
 * figures for the places where the spec hard-codes '+12.5% from last month' and
 * '+5 new this week'. Each aggregate is one pass over its table.
 */
export async function dashboard({ db, env }: { db: Db; env: Pick<Env, 'LOW_STOCK_THRESHOLD'> }) {
  const threshold = env.LOW_STOCK_THRESHOLD;
  const [orderStats, orderRefunds, submissionStats, productStats, userStats, lowStock] =
    await Promise.all([
      // From the per-day table the orders trigger keeps (migration 0005): a few hundred rows.
      db.execute<{
        total: number;
        pending: number;
        revenue: string;
        revenue_this_month: string;
        revenue_last_month: string;
        this_month: number;
        last_month: number;
      }>(sql`
      with b as (select (m.this_month at time zone 'utc')::date as this_month,
                        (m.last_month at time zone 'utc')::date as last_month from ${utcMonths} as m)
      select coalesce(sum(orders), 0)::int as total,
        coalesce(sum(orders) filter (where status = 'pending'), 0)::int as pending,
        coalesce(sum(total_cents) filter (where status in ${paidOrderStatusesSql}), 0)::bigint as revenue,
        coalesce(sum(total_cents) filter (where status in ${paidOrderStatusesSql} and day >= b.this_month), 0)::bigint as revenue_this_month,
        coalesce(sum(total_cents) filter (where status in ${paidOrderStatusesSql}
          and day >= b.last_month and day < b.this_month), 0)::bigint as revenue_last_month,
        coalesce(sum(orders) filter (where day >= b.this_month), 0)::int as this_month,
        coalesce(sum(orders) filter (where day >= b.last_month and day < b.this_month), 0)::int as last_month
      from order_daily_stats, b`),
      // What partial refunds gave back of orders still in a paid status, by the order's UTC day
      // (the per-day table's day), taken off the revenue above.
      db.execute<{ revenue: string; revenue_this_month: string; revenue_last_month: string }>(sql`
      with b as (select (m.this_month at time zone 'utc')::date as this_month,
                        (m.last_month at time zone 'utc')::date as last_month from ${utcMonths} as m),
      o as (select (o.created_at at time zone 'utc')::date as day, r.amount_cents from refunds r
            join orders o on o.id = r.order_id
            where r.status = 'completed' and o.status in ${paidOrderStatusesSql})
      select coalesce(sum(amount_cents), 0)::bigint as revenue,
        coalesce(sum(amount_cents) filter (where day >= b.this_month), 0)::bigint as revenue_this_month,
        coalesce(sum(amount_cents) filter (where day >= b.last_month and day < b.this_month), 0)::bigint as revenue_last_month
      from o, b`),
      db.execute<{ revenue: string; revenue_this_month: string; revenue_last_month: string }>(sql`
      with p as (select confirmed_at, amount_cents - ${refundedCents('payment', sql`payments.id`)} as cents
                 from payments where status = 'confirmed' and submission_id is not null)
      select coalesce(sum(cents), 0)::bigint as revenue,
        coalesce(sum(cents) filter (where confirmed_at >= b.this_month), 0)::bigint as revenue_this_month,
        coalesce(sum(cents) filter (where confirmed_at >= b.last_month
          and confirmed_at < b.this_month), 0)::bigint as revenue_last_month
      from p, ${utcMonths} as b`),
      db.execute<{ total: number; low: number }>(sql`
      select count(*)::int as total, count(*) filter (where is_active and stock <= ${threshold})::int as low from products`),
      db.execute<{ customers: number; new_this_week: number }>(sql`
      select count(*)::int as customers,
        count(*) filter (where created_at >= now() - interval '7 days')::int as new_this_week
      from users where role = 'customer'`),
      db
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          stock: products.stock,
          category: products.category,
        })
        .from(products)
        .where(and(eq(products.isActive, true), lte(products.stock, threshold)))
        .orderBy(asc(products.stock), asc(products.name))
        .limit(20),
    ]);
  const o = orderStats[0];
  const r = orderRefunds[0];
  const s = submissionStats[0];
  const p = productStats[0];
  const u = userStats[0];
  type Revenue = { revenue: string; revenue_this_month: string; revenue_last_month: string };
  const kept = (key: keyof Revenue) =>
    Number(o?.[key] ?? 0) - Number(r?.[key] ?? 0) + Number(s?.[key] ?? 0);
  const revenueThisMonth = kept('revenue_this_month');
  const revenueLastMonth = kept('revenue_last_month');
  return {
    stats: {
      totalRevenue: kept('revenue'),
      totalOrders: o?.total ?? 0,
      pendingOrders: o?.pending ?? 0,
      totalProducts: p?.total ?? 0,
      lowStockCount: p?.low ?? 0,
      totalUsers: u?.customers ?? 0,
    },
    lowStockProducts: lowStock,
    lowStockThreshold: threshold,
    /** Where the spec hard-codes '+12.5% from last month' and '+5 new this week'. */
    trends: {
      revenueThisMonth,
      revenueLastMonth,
      revenueChangePercent: percentChange(revenueThisMonth, revenueLastMonth),
      ordersThisMonth: o?.this_month ?? 0,
      ordersChangePercent: percentChange(o?.this_month ?? 0, o?.last_month ?? 0),
      newCustomersThisWeek: u?.new_this_week ?? 0,
    },
  };
}
