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
  { route: 'GET /api/admin/submissions/:id/room', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/submissions/:id/work', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/submissions/:id/comments', anonymous: 401, customer: 403, admin: 201 },
  {
    route: 'POST /api/admin/submissions/:id/version-drafts',
    anonymous: 401,
    customer: 403,
    admin: 201,
  },
  { route: 'POST /api/admin/submissions/:id/versions', anonymous: 401, customer: 403, admin: 201 },
] satisfies AccessRow[];
