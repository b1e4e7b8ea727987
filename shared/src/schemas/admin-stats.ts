import { z } from 'zod';
import { count } from './admin-answers.ts';
import { productCategories } from './catalog.ts';

/** GET /api/admin/dashboard: the spec's stats and low-stock products, and the trends. */
export const dashboardSchema = z.object({
  stats: z.object({
    /** Cents: paid orders and submissions, less refunds. */
    totalRevenue: z.int(),
    totalOrders: count,
    pendingOrders: count,
    totalProducts: count,
    lowStockCount: count,
    totalUsers: count,
  }),
  lowStockProducts: z.array(
    z.object({
      id: z.guid(),
      name: z.string(),
      sku: z.string(),
      stock: z.int(),
      category: z.enum(productCategories),
    }),
  ),
  lowStockThreshold: z.int(),
  /** Where the spec hard-codes '+12.5% from last month' and '+5 new this week'. */
  trends: z.object({
    revenueThisMonth: z.int(),
    revenueLastMonth: z.int(),
    /** One decimal; null when last month had none. */
    revenueChangePercent: z.number().nullable(),
    ordersThisMonth: count,
    ordersChangePercent: z.number().nullable(),
    newCustomersThisWeek: count,
  }),
});

/** GET /api/admin/report: the printable report's figures for [from, to] (UTC days). */
export const reportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  totalRevenueCents: z.int(),
  revenueByDay: z.array(
    z.object({
      day: z.iso.date(),
      orderCents: z.int(),
      submissionCents: z.int(),
      totalCents: z.int(),
    }),
  ),
  revenueByMethod: z.array(z.object({ method: z.string(), cents: z.int(), count })),
  ordersByStatus: z.array(z.object({ status: z.string(), count })),
  topProducts: z.array(
    z.object({
      productId: z.guid(),
      name: z.string(),
      sku: z.string(),
      quantity: z.int(),
      revenueCents: z.int(),
    }),
  ),
  submissionsByService: z.array(z.object({ service: z.string(), count, paidCount: count })),
});
