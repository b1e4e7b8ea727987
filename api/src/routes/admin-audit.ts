import { auditFiltersSchema, auditListSchema } from '@studio/shared/schemas/admin-audit';
import { adminAuditQuerySchema } from '@studio/shared/schemas/audit';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { listAudit } from '../services/audit/list-audit.ts';
import { listAuditFilters } from '../services/audit/list-audit-filters.ts';

/** The Audit tab (decision 033): the audit log, read only. Under /api/admin (requireAdmin). */
export const adminAuditRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: auditListSchema }),
    validate('query', adminAuditQuerySchema),
    async (c) =>
      c.json(
        fits(auditListSchema, await listAudit({ db: c.var.db, query: c.req.valid('query') })),
        200,
      ),
  )
  .get('/filters', answers({ 200: auditFiltersSchema }), async (c) =>
    c.json(fits(auditFiltersSchema, await listAuditFilters({ db: c.var.db })), 200),
  );
