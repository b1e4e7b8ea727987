import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of openapi.ts, and the status each caller gets (access.test.ts). */
export const openapiAccess = [
  { route: 'GET /api/openapi.json', anonymous: 200, customer: 200, admin: 200 },
  { route: 'GET /api/docs', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
