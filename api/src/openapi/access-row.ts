import type { EndpointKey } from './route-table.ts';

/**
 * The status a caller of each kind gets from one route, with the fixture access.test.ts gives
 * it: a route file's rows are in `routes/<file>.access.ts`. The API's description reads who may
 * call a route from its row. `Route` is narrowed to the app's own routes where the app is known
 * (app.ts checks every row against its route table).
 */
export interface AccessRow<Route extends EndpointKey = EndpointKey> {
  route: Route;
  anonymous: number;
  customer: number;
  admin: number;
}

/** Who a route is for, as its row says: 401 for anonymous callers, and 403 for customers. */
export function audienceOf(row: AccessRow): 'public' | 'signed-in' | 'admin' {
  if (row.customer === 403) return 'admin';
  return row.anonymous === 401 ? 'signed-in' : 'public';
}
