import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/** Paths whose writes can change products (stock too), services or events. */
const changesPublicReads = /^\/api\/(admin|events\/admin|orders)(\/|$)/;

/**
 * Drops this process's public-read cache as soon as a write that may change it has been
 * handled, before the answer leaves: the writer's next read is fresh without waiting for the
 * NOTIFY that the database sends every process (migration 0006) a moment later.
 */
export const invalidateAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (changesPublicReads.test(c.req.path)) c.var.publicCache.clear();
});
