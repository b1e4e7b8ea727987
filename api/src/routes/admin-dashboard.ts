import { dashboardSchema } from '@studio/shared/schemas/admin-stats';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { answers, fits } from '../openapi/answers.ts';
import { dashboard } from '../services/stats/dashboard.ts';

export const adminDashboardRoutes = new Hono<AdminEnv>().get(
  '/',
  answers({ 200: dashboardSchema }),
  async (c) => c.json(fits(dashboardSchema, await dashboard(c.var)), 200),
);
