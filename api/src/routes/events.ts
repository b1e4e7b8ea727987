import { type EventListAnswer, eventListAnswerSchema } from '@studio/shared/schemas/events';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { nextUtcMidnight, publicCache } from '../middleware/public-cache.ts';
import { answers } from '../openapi/answers.ts';
import { listUpcomingEvents } from '../services/events/list-upcoming-events.ts';

export const eventRoutes = new Hono<AppEnv>().get(
  '/',
  answers({ 200: eventListAnswerSchema }),
  publicCache(60, nextUtcMidnight),
  async (c) =>
    c.json({ events: await listUpcomingEvents({ db: c.var.db }) } satisfies EventListAnswer, 200),
);
