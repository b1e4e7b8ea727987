import type { ExtractSchema } from 'hono/types';
import type { createApp } from '../app.ts';
import { adminAuditAccess } from './admin-audit.access.ts';
import { adminCustomersAccess } from './admin-customers.access.ts';
import { adminDashboardAccess } from './admin-dashboard.access.ts';
import { adminEventsAccess } from './admin-events.access.ts';
import { adminExportsAccess } from './admin-exports.access.ts';
import { adminMailAccess } from './admin-mail.access.ts';
import { adminOrdersAccess } from './admin-orders.access.ts';
import { adminProductsAccess } from './admin-products.access.ts';
import { adminRefundsAccess } from './admin-refunds.access.ts';
import { adminReportAccess } from './admin-report.access.ts';
import { adminServicesAccess } from './admin-services.access.ts';
import { adminSubmissionsAccess } from './admin-submissions.access.ts';
import { adminUsersAccess } from './admin-users.access.ts';
import { authAccess } from './auth.access.ts';
import { contactAccess } from './contact.access.ts';
import { downloadsAccess } from './downloads.access.ts';
import { emailBlastsAccess } from './email-blasts.access.ts';
import { eventsAccess } from './events.access.ts';
import { exportDownloadsAccess } from './export-downloads.access.ts';
import { healthAccess } from './health.access.ts';
import { mediaAccess } from './media.access.ts';
import { newsletterAccess } from './newsletter.access.ts';
import { openapiAccess } from './openapi.access.ts';
import { ordersAccess } from './orders.access.ts';
import { paymentsAccess } from './payments.access.ts';
import { productsAccess } from './products.access.ts';
import { projectsAccess } from './projects.access.ts';
import { servicesAccess } from './services.access.ts';
import { subscribersAccess } from './subscribers.access.ts';
import { uploadsAccess } from './uploads.access.ts';

type AppSchema = ExtractSchema<ReturnType<typeof createApp>>;
type Methods<Endpoints> = keyof Endpoints & `$${string}`;

/**
 * Every endpoint of the app as `METHOD /path`, read from the app's typed route table (the
 * catch-all excluded): `'GET /api/products/:id'`. A route renamed in its route file is no longer
 * one of these, so its access row stops compiling.
 */
export type RouteKey = {
  [P in keyof AppSchema & string]: P extends `${string}*${string}`
    ? never
    : `${Uppercase<Methods<AppSchema[P]> extends `$${infer M}` ? M : never>} ${P}`;
}[keyof AppSchema & string];

/** The status a caller of each kind gets from one route, with the fixture access.test.ts gives it. */
export interface AccessRow {
  route: RouteKey;
  anonymous: number;
  customer: number;
  admin: number;
}

/** Who a route is for, as its row says: 401 for anonymous callers, and 403 for customers. */
export function audienceOf(row: AccessRow): 'public' | 'signed-in' | 'admin' {
  if (row.customer === 403) return 'admin';
  return row.anonymous === 401 ? 'signed-in' : 'public';
}

/**
 * The rows of every route file by its name, each file's beside it (`products.ts` →
 * `products.access.ts`); the API's description tags each route with its file.
 */
export const accessFiles = {
  health: healthAccess,
  services: servicesAccess,
  products: productsAccess,
  events: eventsAccess,
  media: mediaAccess,
  contact: contactAccess,
  newsletter: newsletterAccess,
  subscribers: subscribersAccess,
  projects: projectsAccess,
  uploads: uploadsAccess,
  payments: paymentsAccess,
  auth: authAccess,
  orders: ordersAccess,
  'admin-events': adminEventsAccess,
  'email-blasts': emailBlastsAccess,
  'admin-users': adminUsersAccess,
  'admin-customers': adminCustomersAccess,
  'admin-audit': adminAuditAccess,
  'admin-dashboard': adminDashboardAccess,
  'admin-report': adminReportAccess,
  'admin-orders': adminOrdersAccess,
  'admin-products': adminProductsAccess,
  'admin-services': adminServicesAccess,
  'admin-submissions': adminSubmissionsAccess,
  'admin-mail': adminMailAccess,
  'admin-refunds': adminRefundsAccess,
  downloads: downloadsAccess,
  'admin-exports': adminExportsAccess,
  'export-downloads': exportDownloadsAccess,
  openapi: openapiAccess,
} satisfies Record<string, readonly AccessRow[]>;

export const accessRows: readonly AccessRow[] = Object.values(accessFiles).flat();
