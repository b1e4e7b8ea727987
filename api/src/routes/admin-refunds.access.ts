import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-refunds.ts, and the status each caller gets (access.test.ts). */
export const adminRefundsAccess = [
  { route: 'POST /api/admin/orders/:id/refunds', anonymous: 401, customer: 403, admin: 201 },
  { route: 'POST /api/admin/submissions/:id/refunds', anonymous: 401, customer: 403, admin: 201 },
] satisfies AccessRow[];
