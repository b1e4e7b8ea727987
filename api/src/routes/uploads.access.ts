import type { AccessRow } from '../openapi/access-row.ts';

/**
 * Who may call each route of uploads.ts (access.test.ts). The draft token, not an account,
 * decides: every caller brings a draft of its own, so each gets the same answer.
 */
export const uploadsAccess = [
  { route: 'POST /api/uploads/drafts', anonymous: 201, customer: 201, admin: 201 },
  { route: 'POST /api/uploads', anonymous: 201, customer: 201, admin: 201 },
  { route: 'GET /api/uploads/:id', anonymous: 200, customer: 200, admin: 200 },
  { route: 'PATCH /api/uploads/:id', anonymous: 204, customer: 204, admin: 204 },
  { route: 'DELETE /api/uploads/:id', anonymous: 204, customer: 204, admin: 204 },
] satisfies AccessRow[];
