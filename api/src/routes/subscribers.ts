import {
  type SubscriberImportAnswer,
  type SubscriberListAnswer,
  subscriberImportAnswerSchema,
  subscriberImportSchema,
  subscriberListAnswerSchema,
} from '@studio/shared/schemas/blasts';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { answers } from '../openapi/answers.ts';
import { importSubscribers } from '../services/newsletter/import-subscribers.ts';
import { listSubscribers } from '../services/newsletter/list-subscribers.ts';

/**
 * The subscriber list, mounted at /api: the spec reads it at /contact/subscribers (admin only,
 * checked here), and the console imports CSV lists under /admin.
 */
export const subscriberRoutes = new Hono<AppEnv>()
  .get(
    '/contact/subscribers',
    answers({ 200: subscriberListAnswerSchema }),
    requireAdmin,
    async (c) =>
      c.json((await listSubscribers({ db: c.var.db })) satisfies SubscriberListAnswer, 200),
  )
  .post(
    '/admin/subscribers/import',
    answers({ 200: subscriberImportAnswerSchema }),
    validate('json', subscriberImportSchema),
    async (c) => {
      const imported = await importSubscribers({
        db: c.var.db,
        content: c.req.valid('json').content,
        actorId: c.var.user?.id ?? null,
      });
      return c.json(imported satisfies SubscriberImportAnswer, 200);
    },
  );
