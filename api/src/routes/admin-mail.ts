import {
  adminMailQuerySchema,
  outboundMailItemSchema,
  outboundMailListSchema,
} from '@studio/shared/schemas/outbound-mail';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { listOutboundMail } from '../services/mail/list-outbound-mail.ts';
import { resendMail } from '../services/mail/resend-mail.ts';

/**
 * The transactional mail outbox (services/mail), mounted under /api/admin: what failed or may not
 * have arrived, and sending one again.
 */
export const adminMailRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: outboundMailListSchema }),
    validate('query', adminMailQuerySchema),
    async (c) =>
      c.json(
        fits(
          outboundMailListSchema,
          await listOutboundMail({ db: c.var.db, query: c.req.valid('query') }),
        ),
        200,
      ),
  )
  .post('/:id/resend', answers({ 200: outboundMailItemSchema }), async (c) =>
    c.json(
      fits(
        outboundMailItemSchema,
        await resendMail({ db: c.var.db, actorId: c.var.user.id, id: c.req.param('id') }),
      ),
      200,
    ),
  );
