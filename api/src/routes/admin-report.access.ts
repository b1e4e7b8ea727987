import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-report.ts, and the status each caller gets (access.test.ts). */
export const adminReportAccess = [
  { route: 'GET /api/admin/report', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
