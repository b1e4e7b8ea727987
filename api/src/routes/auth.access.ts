import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of auth.ts, and the status each caller gets (access.test.ts). */
export const authAccess = [
  { route: 'POST /api/auth/register', anonymous: 201, customer: 201, admin: 201 },
  { route: 'POST /api/auth/login', anonymous: 200, customer: 200, admin: 200 },
  { route: 'GET /api/auth/me', anonymous: 401, customer: 200, admin: 200 },
  { route: 'PUT /api/auth/profile', anonymous: 401, customer: 200, admin: 200 },
  { route: 'POST /api/auth/logout', anonymous: 401, customer: 200, admin: 200 },
  { route: 'PUT /api/auth/password', anonymous: 401, customer: 200, admin: 200 },
  { route: 'POST /api/auth/logout-all', anonymous: 401, customer: 200, admin: 200 },
] satisfies AccessRow[];
