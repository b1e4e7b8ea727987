import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-services.ts, and the status each caller gets (access.test.ts). */
export const adminServicesAccess = [
  { route: 'GET /api/admin/services', anonymous: 401, customer: 403, admin: 200 },
  { route: 'PUT /api/admin/services/:id', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
