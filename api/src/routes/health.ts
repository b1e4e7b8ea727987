import { httpMessages } from '@studio/shared/messages/http';
import { type HealthAnswer, healthAnswerSchema } from '@studio/shared/schemas/health';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/error-handler.ts';
import { databaseUnavailableCause } from '../lib/pg-errors.ts';
import { answers } from '../openapi/answers.ts';

const healthy = answers({ 200: healthAnswerSchema });

/**
 * 200 while the database answers within 2 s, 503 with Retry-After otherwise (for load balancers
 * and uptime checks). While the pool knows the database is down (db/availability.ts) the answer
 * is immediate, and turns 200 again as soon as its probe gets through.
 */
export const healthRoutes = new Hono<AppEnv>().get('/health', healthy, async (c) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      c.var.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 2000);
      }),
    ]);
    return c.json({ status: 'ok' as const } satisfies HealthAnswer, 200);
  } catch (error) {
    // Known to be down: the pool logged it once; no line per check.
    if (databaseUnavailableCause(error)?.code !== 'DATABASE_UNAVAILABLE') {
      c.var.log.warn({ err: error }, 'health check: database unavailable');
    }
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json({ message: httpMessages.unavailable, code: 'UNAVAILABLE' as const }, 503);
  } finally {
    clearTimeout(timer);
  }
});
