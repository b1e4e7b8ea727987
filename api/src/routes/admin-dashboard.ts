import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { dashboard } from '../services/stats/dashboard.ts';

export const adminDashboardRoutes = new Hono<AdminEnv>().get('/', async (c) =>
  c.json(await dashboard(c.var), 200),
);
