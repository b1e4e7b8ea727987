import type { AccessRow } from './access.ts';

/** Who may call each route of contact.ts, and the status each caller gets (access.test.ts). */
export const contactAccess: AccessRow[] = [
  { route: 'POST /api/contact', anonymous: 201, customer: 201, admin: 201 },
];
