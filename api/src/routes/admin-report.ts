import { reportQuerySchema } from '@studio/shared/schemas/admin';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { report } from '../services/stats/report.ts';

export const adminReportRoutes = new Hono<AdminEnv>().get(
  '/',
  validate('query', reportQuerySchema),
  async (c) => c.json(await report({ db: c.var.db, query: c.req.valid('query') }), 200),
);
