import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of health.ts, and the status each caller gets (access.test.ts). */
export const healthAccess = [
  { route: 'GET /api/health', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
