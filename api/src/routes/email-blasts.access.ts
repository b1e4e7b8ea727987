import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of email-blasts.ts, and the status each caller gets (access.test.ts). */
export const emailBlastsAccess = [
  { route: 'POST /api/events/admin/send-email-blast', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/email-blasts', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/email-blasts/:id', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/email-blasts/:id/retry', anonymous: 401, customer: 403, admin: 202 },
  {
    route: 'POST /api/admin/email-blasts/:id/resend-unknown',
    anonymous: 401,
    customer: 403,
    admin: 202,
  },
] satisfies AccessRow[];
