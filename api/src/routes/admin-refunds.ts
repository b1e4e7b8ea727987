import { createRefundAnswerSchema } from '@studio/shared/schemas/admin-refunds';
import { createRefundSchema } from '@studio/shared/schemas/refunds';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { createRefund } from '../services/refunds/create-refund.ts';

/**
 * Refunds made by an admin (decision 035), of a shop order or of a project submission: 201 when
 * the money went back (or a crypto refund was recorded), 202 while PayPal still processes it.
 * Each order's and submission's refunds are read with it (GET /api/admin/orders/:id, .../submissions/:id).
 */
/** 201: the money went back (or a crypto refund was recorded); 202: PayPal still processes it. */
const refunded = answers({ 201: createRefundAnswerSchema, 202: createRefundAnswerSchema });

export const adminRefundRoutes = new Hono<AdminEnv>()
  .post('/orders/:id/refunds', refunded, validate('json', createRefundSchema), async (c) => {
    const made = await createRefund({
      ...c.var,
      actorId: c.var.user.id,
      subject: { kind: 'order', id: c.req.param('id') },
      input: c.req.valid('json'),
    });
    return c.json(
      fits(createRefundAnswerSchema, made),
      made.refund.status === 'pending' ? 202 : 201,
    );
  })
  .post('/submissions/:id/refunds', refunded, validate('json', createRefundSchema), async (c) => {
    const made = await createRefund({
      ...c.var,
      actorId: c.var.user.id,
      subject: { kind: 'submission', id: c.req.param('id') },
      input: c.req.valid('json'),
    });
    return c.json(
      fits(createRefundAnswerSchema, made),
      made.refund.status === 'pending' ? 202 : 201,
    );
  });
