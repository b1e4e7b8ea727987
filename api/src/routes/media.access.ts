import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of media.ts, and the status each caller gets (access.test.ts). */
export const mediaAccess = [
  { route: 'GET /api/media/:folder/:name', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
