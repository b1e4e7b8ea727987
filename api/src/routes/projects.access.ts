import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of projects.ts, and the status each caller gets (access.test.ts). */
export const projectsAccess = [
  { route: 'POST /api/projects/submit', anonymous: 201, customer: 201, admin: 201 },
  // With a draft and a completed upload of each caller's own.
  { route: 'POST /api/projects/submit-uploads', anonymous: 201, customer: 201, admin: 201 },
  // No payment method is set up in the test app: 422, past any sign-in.
  { route: 'POST /api/projects/payment-confirm', anonymous: 422, customer: 422, admin: 422 },
  { route: 'GET /api/projects/:id', anonymous: 200, customer: 200, admin: 200 },
  // The caller's own project, paid (decision 036).
  { route: 'GET /api/projects/:id/invoice.pdf', anonymous: 401, customer: 200, admin: 200 },
] satisfies AccessRow[];
