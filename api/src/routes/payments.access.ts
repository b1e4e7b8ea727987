import type { AccessRow } from '../openapi/access-row.ts';

/** Who may call each route of payments.ts, and the status each caller gets (access.test.ts). */
export const paymentsAccess = [
  // The test app has no payment method set up: 422 and 404 say the call got past any sign-in.
  { route: 'GET /api/payments/config', anonymous: 200, customer: 200, admin: 200 },
  { route: 'POST /api/payments/quote', anonymous: 422, customer: 422, admin: 422 },
  { route: 'POST /api/payments/paypal/orders', anonymous: 422, customer: 422, admin: 422 },
  { route: 'POST /api/payments/paypal/webhook', anonymous: 404, customer: 404, admin: 404 },
] satisfies AccessRow[];
