import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of admin-products.ts, and the status each caller gets (access.test.ts). */
export const adminProductsAccess = [
  { route: 'GET /api/admin/products', anonymous: 401, customer: 403, admin: 200 },
  { route: 'GET /api/admin/products/:id', anonymous: 401, customer: 403, admin: 200 },
  {
    route: 'GET /api/admin/products/:id/stock-history',
    anonymous: 401,
    customer: 403,
    admin: 200,
  },
  { route: 'POST /api/admin/products', anonymous: 401, customer: 403, admin: 201 },
  { route: 'PUT /api/admin/products/:id', anonymous: 401, customer: 403, admin: 200 },
  { route: 'DELETE /api/admin/products/:id', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/products/:id/images', anonymous: 401, customer: 403, admin: 201 },
  { route: 'DELETE /api/admin/products/:id/images', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/products/file-drafts', anonymous: 401, customer: 403, admin: 201 },
  { route: 'GET /api/admin/products/:id/files', anonymous: 401, customer: 403, admin: 200 },
  { route: 'POST /api/admin/products/:id/files', anonymous: 401, customer: 403, admin: 201 },
  {
    route: 'DELETE /api/admin/products/:id/files/:fileId',
    anonymous: 401,
    customer: 403,
    admin: 200,
  },
] satisfies AccessRow[];
