import type { AccessRow } from './access.ts';

/** Who may call each route of admin-dashboard.ts, and the status each caller gets (access.test.ts). */
export const adminDashboardAccess: AccessRow[] = [
  { route: 'GET /api/admin/dashboard', anonymous: 401, customer: 403, admin: 200 },
];
