import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-submissions.ts, and the status each caller gets (access.test.ts). */
export const adminSubmissionsAccess = [
  { route: 'GET /api/admin/submissions', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/submissions/:id', anonymous: 401, customer: 403, admin: 200 },
  {
    route: 'GET /api/admin/submissions/:id/invoice.pdf',
    anonymous: 401,
    customer: 403,
    admin: 200,
  },
  {
    route: 'GET /api/admin/submissions/:id/files/:fileId',
    anonymous: 401,
    customer: 403,
    admin: 200,
  },
  {
    route: 'POST /api/admin/submissions/:id/files/:fileId/link',
    anonymous: 401,
    customer: 403,
    admin: 200,
  },
] satisfies AccessRow[];
