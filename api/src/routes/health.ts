import { messages } from '@studio/shared/messages';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

/** 200 while the database answers within 2 s, 503 otherwise (for load balancers and uptime checks). */
export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  try {
    await Promise.race([
      c.var.db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
    ]);
    return c.json({ status: 'ok' as const }, 200);
  } catch (error) {
    c.var.log.warn({ err: error }, 'health check: database unavailable');
    return c.json({ message: messages.http.unavailable, code: 'UNAVAILABLE' as const }, 503);
  }
});
