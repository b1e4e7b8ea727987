import type { AccessRow } from './access.ts';

/** Who may call each route of events.ts, and the status each caller gets (access.test.ts). */
export const eventsAccess: AccessRow[] = [
  { route: 'GET /api/events', anonymous: 200, customer: 200, admin: 200 },
];
