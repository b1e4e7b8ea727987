import { subscriberImportSchema } from '@studio/shared/schemas/blasts';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { importSubscribers } from '../services/newsletter/import-subscribers.ts';
import { listSubscribers } from '../services/newsletter/list-subscribers.ts';

/**
 * The subscriber list, mounted at /api: the spec reads it at /contact/subscribers (admin only,
 * checked here), and the console imports CSV lists under /admin.
 */
export const subscriberRoutes = new Hono<AppEnv>()
  .get('/contact/subscribers', requireAdmin, async (c) =>
    c.json(await listSubscribers({ db: c.var.db }), 200),
  )
  .post('/admin/subscribers/import', validate('json', subscriberImportSchema), async (c) =>
    c.json(
      await importSubscribers({
        db: c.var.db,
        content: c.req.valid('json').content,
        actorId: c.var.user?.id ?? null,
      }),
      200,
    ),
  );
