import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-mail.ts, and the status each caller gets (access.test.ts). */
export const adminMailAccess = [
  { route: 'GET /api/admin/mail', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/mail/:id/resend', anonymous: 401, customer: 403, admin: 200 },
] satisfies AccessRow[];
