import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of newsletter.ts, and the status each caller gets (access.test.ts). */
export const newsletterAccess = [
  { route: 'POST /api/contact/newsletter', anonymous: 200, customer: 200, admin: 200 },
  { route: 'GET /api/contact/newsletter/confirm', anonymous: 200, customer: 200, admin: 200 },
  { route: 'POST /api/contact/newsletter/confirm', anonymous: 200, customer: 200, admin: 200 },
  { route: 'GET /api/contact/unsubscribe', anonymous: 200, customer: 200, admin: 200 },
  { route: 'POST /api/contact/unsubscribe', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
