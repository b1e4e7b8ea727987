import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { PUBLIC_READ_CHANNEL } from '../cache/listen-for-invalidation.ts';
import type { AppEnv } from '../context.ts';

/** Paths whose writes can change products (stock too), services or events. */
const changesPublicReads = /^\/api\/(admin|events\/admin|orders)(\/|$)/;

/** How long a write's answer waits for its invalidation to have gone out to every process. */
const ECHO_WAIT_MS = 1000;

/**
 * Drops this process's public-read cache as soon as a write that may change it has been
 * handled, before the answer leaves: the writer's next read is fresh without waiting for the
 * NOTIFY that the database sends every process (migration 0006).
 *
 * Other processes hear that NOTIFY a moment after the commit. So that a read sent to another
 * process right after the write's answer is fresh too (decision 031), the answer waits until
 * this process hears its own echo: a notification sent after the write's commit comes back
 * after the write's own notice has been delivered to every listening process, in commit order.
 * A database that cannot be reached, or a slow echo (over a second), does not hold the answer.
 */
export const invalidateAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (!changesPublicReads.test(c.req.path)) return;
  const cache = c.var.publicCache;
  cache.clear();
  if (!cache.listening || c.res.status >= 400) return;
  const token = `echo:${randomUUID()}`;
  const echo = cache.waitForEcho(token, ECHO_WAIT_MS);
  try {
    await c.var.db.execute(sql`select pg_notify(${PUBLIC_READ_CHANNEL}, ${token})`);
    await echo;
  } catch {
    // The write is done; its invalidation reaches the others by the trigger's notice.
  }
});
