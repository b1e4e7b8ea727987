import { reportQuerySchema } from '@studio/shared/schemas/admin';
import { reportSchema } from '@studio/shared/schemas/admin-stats';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { report } from '../services/stats/report.ts';

export const adminReportRoutes = new Hono<AdminEnv>().get(
  '/',
  answers({ 200: reportSchema }),
  validate('query', reportQuerySchema),
  async (c) =>
    c.json(fits(reportSchema, await report({ db: c.var.db, query: c.req.valid('query') })), 200),
);
