import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-customers.ts, and the status each caller gets (access.test.ts). */
export const adminCustomersAccess = [
  { route: 'GET /api/admin/customers', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/customers/:id', anonymous: 401, customer: 403, admin: 200 },
  { route: 'PUT /api/admin/customers/:id/role', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
