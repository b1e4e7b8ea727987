import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../context.ts';

/** A caller's own id is kept when it is a plain token (a proxy's, or a client retrying). */
const validId = /^[\w.:-]{1,64}$/;

export function requestIdOf(incoming: string | undefined): string {
  return incoming && validId.test(incoming) ? incoming : randomUUID();
}

/**
 * The one per-request middleware every path pays for: makes the dependencies reachable through
 * `c.var`, gives the request an id (sent back as X-Request-Id), and writes one structured log
 * line when it is answered. It allocates no per-request logger: the line carries the id.
 */
export function requestContext(deps: Deps) {
  const { log } = deps;
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('db', deps.db);
    c.set('counters', deps.counters);
    c.set('env', deps.env);
    c.set('log', log);
    c.set('jobs', deps.jobs);
    c.set('storage', deps.storage);
    c.set('secret', deps.secret);
    c.set('publicCache', deps.publicCache);
    c.set('shutdown', deps.shutdown);
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    if (log.isLevelEnabled('info')) {
      log.info(
        {
          requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });
}
