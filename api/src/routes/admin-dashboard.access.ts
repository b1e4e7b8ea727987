import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-dashboard.ts, and the status each caller gets (access.test.ts). */
export const adminDashboardAccess = [
  { route: 'GET /api/admin/dashboard', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
