import { Hono } from 'hono';
import type { AppEnv, AuthedEnv } from '../context.ts';
import { dashboard } from '../services/stats/dashboard.ts';

/** Mounted under /api/admin, whose whole prefix requires an admin (app.ts). */
type Admin = AuthedEnv & AppEnv;

export const adminDashboardRoutes = new Hono<Admin>().get('/', async (c) =>
  c.json(await dashboard(c.var), 200),
);
