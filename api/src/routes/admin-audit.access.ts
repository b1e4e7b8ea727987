import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-audit.ts, and the status each caller gets (access.test.ts). */
export const adminAuditAccess = [
  { route: 'GET /api/admin/audit', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/audit/filters', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
