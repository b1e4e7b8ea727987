import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-users.ts, and the status each caller gets (access.test.ts). */
export const adminUsersAccess = [
  { route: 'GET /api/admin/users', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
