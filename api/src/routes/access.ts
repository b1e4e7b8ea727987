import type { AccessRow } from '../openapi/access-row.ts';
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
import { projectRoomAccess } from './project-room.access.ts';
import { projectsAccess } from './projects.access.ts';
import { servicesAccess } from './services.access.ts';
import { subscribersAccess } from './subscribers.access.ts';
import { uploadsAccess } from './uploads.access.ts';

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
  'project-room': projectRoomAccess,
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

/** Every row of every route file; app.ts checks that each names a route of the app. */
export const accessRows = Object.values(accessFiles).flat();
