import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of subscribers.ts, and the status each caller gets (access.test.ts). */
export const subscribersAccess = [
  { route: 'GET /api/contact/subscribers', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/subscribers/import', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
