import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-orders.ts, and the status each caller gets (access.test.ts). */
export const adminOrdersAccess = [
  { route: 'GET /api/admin/orders', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/orders/:id', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/orders/:id/invoice.pdf', anonymous: 401, customer: 403, admin: 200 },
  { route: 'PUT /api/admin/orders/:id/status', anonymous: 401, customer: 403, admin: 200 },
  { route: 'PUT /api/admin/orders/:id/shipping', anonymous: 401, customer: 403, admin: 200 },
  {
    route: 'POST /api/admin/orders/:id/grants/:grantId/renew',
    anonymous: 401,
    customer: 403,
    admin: 200,
  },
] satisfies AccessRow[];
