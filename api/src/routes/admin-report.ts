import { reportQuerySchema } from '@studio/shared/schemas/admin';
import { Hono } from 'hono';
import type { AppEnv, AuthedEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { report } from '../services/stats/report.ts';

/** Mounted under /api/admin, whose whole prefix requires an admin (app.ts). */
type Admin = AuthedEnv & AppEnv;

export const adminReportRoutes = new Hono<Admin>().get(
  '/',
  validate('query', reportQuerySchema),
  async (c) => c.json(await report({ db: c.var.db, query: c.req.valid('query') }), 200),
);
