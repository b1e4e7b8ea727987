import type { AccessRow } from './access.ts';

/** Who may call each route of services.ts, and the status each caller gets (access.test.ts). */
export const servicesAccess: AccessRow[] = [
  { route: 'GET /api/services', anonymous: 200, customer: 200, admin: 200 },
];
