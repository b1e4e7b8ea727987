import type { AccessRow } from './access.ts';

/** Who may call each route of media.ts, and the status each caller gets (access.test.ts). */
export const mediaAccess: AccessRow[] = [
  { route: 'GET /api/media/:folder/:name', anonymous: 200, customer: 200, admin: 200 },
];
