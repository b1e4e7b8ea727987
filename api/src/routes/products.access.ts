import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of products.ts, and the status each caller gets (access.test.ts). */
export const productsAccess = [
  { route: 'GET /api/products', anonymous: 200, customer: 200, admin: 200 },
  { route: 'GET /api/products/:id', anonymous: 200, customer: 200, admin: 200 },
] satisfies AccessRow[];
