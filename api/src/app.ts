import { messages } from '@studio/shared/messages';
import { Hono } from 'hono';
import type { AppEnv, Deps } from './context.ts';
import { ApiError } from './lib/api-error.ts';
import { handleError } from './lib/error-handler.ts';
import { loadSession, requireAdmin } from './middleware/auth.ts';
import { compress } from './middleware/compress.ts';
import { invalidateAfterWrites } from './middleware/invalidate-after-writes.ts';
import { jsonBody } from './middleware/json-body.ts';
import { servePublicCacheHits } from './middleware/public-cache.ts';
import { requestContext } from './middleware/request-context.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { authRoutes } from './routes/account/auth.ts';
import { orderRoutes } from './routes/account/orders.ts';
import { adminCommerceRoutes } from './routes/admin/commerce.ts';
import { adminBlastRoutes, blastSendRoutes } from './routes/admin/email-blasts.ts';
import { adminEventRoutes } from './routes/admin/events.ts';
import { adminUserRoutes } from './routes/admin/users.ts';
import { catalogRoutes } from './routes/public/catalog.ts';
import { contactRoutes } from './routes/public/contact.ts';
import { healthRoutes } from './routes/public/health.ts';
import { mediaRoutes } from './routes/public/media.ts';
import { paymentRoutes } from './routes/public/payments.ts';
import { projectRoutes } from './routes/public/projects.ts';
import { staticSite } from './static-site.ts';

/** Every `/api` route, chained so that `AppType` carries each one to the typed client. */
function apiRoutes() {
  return (
    new Hono<AppEnv>()
      // Static files are compressed at build time; only API answers are compressed here.
      .use(compress, jsonBody, loadSession, invalidateAfterWrites)
      // The guard covers the whole prefix: even an unknown admin path reveals nothing without the role.
      .use('/admin/*', requireAdmin)
      .use('/events/admin/*', requireAdmin)
      .route('/', healthRoutes)
      .route('/', catalogRoutes)
      .route('/', mediaRoutes)
      .route('/contact', contactRoutes)
      .route('/projects', projectRoutes)
      .route('/payments', paymentRoutes)
      .route('/auth', authRoutes)
      .route('/orders', orderRoutes)
      .route('/events/admin', adminEventRoutes)
      .route('/events/admin', blastSendRoutes)
      .route('/admin', adminUserRoutes)
      .route('/admin', adminCommerceRoutes)
      .route('/admin', adminBlastRoutes)
      .all('*', () => {
        throw new ApiError('NOT_FOUND', messages.http.notFound);
      })
  );
}

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>()
    .use(servePublicCacheHits(deps), requestContext(deps), securityHeaders)
    .route('/api', apiRoutes());
  app.onError(handleError);
  app.notFound((c) => c.json({ message: messages.http.notFound, code: 'NOT_FOUND' as const }, 404));
  app.route(
    '/',
    staticSite(deps.env.SITE_DIR, () => deps.env.PUBLIC_URL),
  );
  return app;
}

export type AppType = ReturnType<typeof apiRoutes>;
