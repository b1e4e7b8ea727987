import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/** One structured line per request, carrying the request id that is also sent back as X-Request-Id. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  const log = c.var.log.child({ requestId: c.var.requestId });
  c.set('log', log);
  await next();
  log.info(
    {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    },
    'request',
  );
});
