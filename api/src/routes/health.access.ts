import type { AccessRow } from './access.ts';

/** Who may call each route of health.ts, and the status each caller gets (access.test.ts). */
export const healthAccess: AccessRow[] = [
  { route: 'GET /api/health', anonymous: 200, customer: 200, admin: 200 },
];
