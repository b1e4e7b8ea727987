import { createRefundSchema } from '@studio/shared/schemas/refunds';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { createRefund } from '../services/refunds/create-refund.ts';

/**
 * Refunds made by an admin (decision 035), of a shop order or of a project submission: 201 when
 * the money went back (or a crypto refund was recorded), 202 while PayPal still processes it.
 * Each order's and submission's refunds are read with it (GET /api/admin/orders/:id, .../submissions/:id).
 */
export const adminRefundRoutes = new Hono<AdminEnv>()
  .post('/orders/:id/refunds', validate('json', createRefundSchema), async (c) => {
    const made = await createRefund({
      ...c.var,
      actorId: c.var.user.id,
      subject: { kind: 'order', id: c.req.param('id') },
      input: c.req.valid('json'),
    });
    return c.json(made, made.refund.status === 'pending' ? 202 : 201);
  })
  .post('/submissions/:id/refunds', validate('json', createRefundSchema), async (c) => {
    const made = await createRefund({
      ...c.var,
      actorId: c.var.user.id,
      subject: { kind: 'submission', id: c.req.param('id') },
      input: c.req.valid('json'),
    });
    return c.json(made, made.refund.status === 'pending' ? 202 : 201);
  });
