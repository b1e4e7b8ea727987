import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-events.ts, and the status each caller gets (access.test.ts). */
export const adminEventsAccess = [
  { route: 'GET /api/events/admin', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/events/admin', anonymous: 401, customer: 403, admin: 201 },
  { route: 'PUT /api/events/admin/:id', anonymous: 401, customer: 403, admin: 200 },
  { route: 'DELETE /api/events/admin/:id', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
