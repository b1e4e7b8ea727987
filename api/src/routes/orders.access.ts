import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of orders.ts, and the status each caller gets (access.test.ts). */
export const ordersAccess = [
  { route: 'POST /api/orders', anonymous: 401, customer: 201, admin: 201 },
  { route: 'GET /api/orders', anonymous: 401, customer: 200, admin: 200 },
  // No payment method is set up in the test app: 422 once the caller owns the order.
  { route: 'POST /api/orders/execute-payment', anonymous: 401, customer: 422, admin: 422 },
  { route: 'GET /api/orders/:id', anonymous: 401, customer: 200, admin: 200 },
  // The caller's own unpaid order.
  { route: 'POST /api/orders/:id/cancel', anonymous: 401, customer: 200, admin: 200 },
  // The caller's own order, paid (decision 036).
  { route: 'GET /api/orders/:id/invoice.pdf', anonymous: 401, customer: 200, admin: 200 },
  { route: 'POST /api/orders/:id/payment-confirm', anonymous: 401, customer: 422, admin: 422 },
  // A file of the caller's own paid order (decision 045): a signed link, and the download.
  { route: 'POST /api/orders/:id/files/:fileId/link', anonymous: 401, customer: 200, admin: 200 },
  { route: 'GET /api/orders/:id/files/:fileId', anonymous: 401, customer: 200, admin: 200 },
] satisfies AccessRow[];
