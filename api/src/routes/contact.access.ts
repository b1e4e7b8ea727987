import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of contact.ts, and the status each caller gets (access.test.ts). */
export const contactAccess = [
  { route: 'POST /api/contact', anonymous: 201, customer: 201, admin: 201 },
] satisfies AccessRow[];
