import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of events.ts, and the status each caller gets (access.test.ts). */
export const eventsAccess = [
  { route: 'GET /api/events', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
