import { httpMessages } from '@studio/shared/messages/http';
import { Hono } from 'hono';
import type { ExtractSchema, RouterRoute } from 'hono/types';
import type { AppEnv, Deps } from './context.ts';
import { ApiError } from './lib/api-error.ts';
import { sitePolicy } from './lib/content-security-policy.ts';
import { handleError } from './lib/error-handler.ts';
import { loadSession, requireAdmin } from './middleware/auth.ts';
import { compress } from './middleware/compress.ts';
import { invalidateAfterWrites } from './middleware/invalidate-after-writes.ts';
import { jsonBody } from './middleware/json-body.ts';
import { servePublicCacheHits } from './middleware/public-cache.ts';
import { refuseBrokenPath } from './middleware/refuse-broken-path.ts';
import { requestContext } from './middleware/request-context.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { sendDirectAnswers } from './middleware/send-directly.ts';
import type { MultipartRoute } from './openapi/multipart-forms.ts';
import { accessFiles, type accessRows } from './routes/access.ts';
import { adminAuditRoutes } from './routes/admin-audit.ts';
import { adminCustomerRoutes } from './routes/admin-customers.ts';
import { adminDashboardRoutes } from './routes/admin-dashboard.ts';
import { adminEventRoutes } from './routes/admin-events.ts';
import { adminExportRoutes } from './routes/admin-exports.ts';
import { adminMailRoutes } from './routes/admin-mail.ts';
import { adminOrderRoutes } from './routes/admin-orders.ts';
import { adminProductRoutes } from './routes/admin-products.ts';
import { adminRefundRoutes } from './routes/admin-refunds.ts';
import { adminReportRoutes } from './routes/admin-report.ts';
import { adminServiceRoutes } from './routes/admin-services.ts';
import { adminSubmissionRoutes } from './routes/admin-submissions.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { authRoutes } from './routes/auth.ts';
import { contactRoutes } from './routes/contact.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { emailBlastRoutes } from './routes/email-blasts.ts';
import { eventRoutes } from './routes/events.ts';
import { exportDownloadRoutes } from './routes/export-downloads.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { orderRoutes } from './routes/orders.ts';
import { paymentRoutes } from './routes/payments.ts';
import { productRoutes } from './routes/products.ts';
import { projectRoomRoutes } from './routes/project-room.ts';
import { projectRoutes } from './routes/projects.ts';
import { serviceRoutes } from './routes/services.ts';
import { subscriberRoutes } from './routes/subscribers.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { staticSite } from './static-site.ts';

/**
 * Every `/api` route, chained so that `AppType` carries each one to the typed client.
 * `routeTable` is the whole app's, which the API's description is made from with the routes'
 * access rows (handed in here: neither the routes nor the description know the app).
 */
function apiRoutes(routeTable: () => readonly RouterRoute[]) {
  return (
    new Hono<AppEnv>()
      // Static files are compressed at build time; only API answers are compressed here.
      .use(compress, refuseBrokenPath, jsonBody, loadSession, invalidateAfterWrites)
      // The guard covers the whole prefix: even an unknown admin path reveals nothing without the role.
      .use('/admin/*', requireAdmin)
      .use('/events/admin/*', requireAdmin)
      .route('/', healthRoutes)
      .route('/services', serviceRoutes)
      .route('/products', productRoutes)
      .route('/events', eventRoutes)
      .route('/', mediaRoutes)
      .route('/contact', contactRoutes)
      .route('/contact', newsletterRoutes)
      .route('/', subscriberRoutes)
      .route('/projects', projectRoomRoutes)
      .route('/projects', projectRoutes)
      .route('/uploads', uploadRoutes)
      .route('/payments', paymentRoutes)
      .route('/auth', authRoutes)
      .route('/orders', orderRoutes)
      .route('/events/admin', adminEventRoutes)
      .route('/', emailBlastRoutes)
      .route('/admin/users', adminUserRoutes)
      .route('/admin/customers', adminCustomerRoutes)
      .route('/admin/audit', adminAuditRoutes)
      .route('/admin/dashboard', adminDashboardRoutes)
      .route('/admin/report', adminReportRoutes)
      .route('/admin/orders', adminOrderRoutes)
      .route('/admin/products', adminProductRoutes)
      .route('/admin/services', adminServiceRoutes)
      .route('/admin/submissions', adminSubmissionRoutes)
      .route('/admin/mail', adminMailRoutes)
      .route('/admin', adminRefundRoutes)
      .route('/admin/exports', adminExportRoutes)
      .route('/downloads/exports', exportDownloadRoutes)
      .route('/downloads', downloadRoutes)
      .route('/', openApiRoutes(routeTable, accessFiles))
      .all('*', () => {
        throw new ApiError('NOT_FOUND', httpMessages.notFound);
      })
  );
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()
    .use(sendDirectAnswers, servePublicCacheHits(deps), requestContext(deps), securityHeaders)
    .route(
      '/api',
      apiRoutes((): readonly RouterRoute[] => app.routes),
    );
  app.onError(handleError);
  app.notFound((c) => c.json({ message: httpMessages.notFound, code: 'NOT_FOUND' as const }, 404));
  app.route(
    '/',
    staticSite(
      deps.env.SITE_DIR,
      () => deps.env.PUBLIC_URL,
      sitePolicy({ alephiumNodeUrl: deps.env.ALPH_NODE_URL }),
    ),
  );
  return app;
}

export type AppType = ReturnType<typeof apiRoutes>;

type AppSchema = ExtractSchema<ReturnType<typeof createApp>>;
type Methods<Endpoints> = keyof Endpoints & `$${string}`;

/**
 * Every endpoint of the app as `METHOD /path`, read from the app's typed route table (the
 * catch-all excluded): `'GET /api/products/:id'`.
 */
export type RouteKey = {
  [P in keyof AppSchema & string]: P extends `${string}*${string}`
    ? never
    : `${Uppercase<Methods<AppSchema[P]> extends `$${infer M}` ? M : never>} ${P}`;
}[keyof AppSchema & string];

type NamesARoute<Route extends RouteKey> = Route;
/**
 * Every access row (routes/*.access.ts) and multipart form (openapi/multipart-forms.ts) names a
 * route of the app: one renamed in its route file but not in its row or form stops compiling here.
 */
export type DescribedRoute = NamesARoute<(typeof accessRows)[number]['route'] | MultipartRoute>;
