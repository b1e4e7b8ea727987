import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of services.ts, and the status each caller gets (access.test.ts). */
export const servicesAccess = [
  { route: 'GET /api/services', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
