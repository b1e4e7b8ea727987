import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-exports.ts, and the status each caller gets (access.test.ts). */
export const adminExportsAccess = [
  { route: 'GET /api/admin/exports/orders', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/exports/order-lines', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/exports/subscribers', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/exports/submissions', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/exports/links', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
