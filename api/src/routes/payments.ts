import { paypalOrderSchema, quoteSchema } from '@studio/shared/schemas/payments';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { paymentRateLimit } from '../middleware/rate-limits.ts';
import { createPaypalOrder } from '../services/payments/create-paypal-order.ts';
import { createQuote } from '../services/payments/create-quote.ts';
import { handlePaypalWebhook } from '../services/payments/handle-paypal-webhook.ts';
import type { Subject } from '../services/payments/load-payment.ts';
import { paymentSettings } from '../services/payments/payment-settings.ts';

/** What the body asks to pay; who may pay it is the payment services' check. */
function subjectOf(body: {
  submissionId?: string | undefined;
  orderId?: string | undefined;
}): Subject {
  return body.orderId
    ? { kind: 'order', id: body.orderId }
    : { kind: 'submission', id: body.submissionId ?? '' };
}

const webhookEvent = z.looseObject({
  id: z.string().optional(),
  event_type: z.string().optional(),
});

export const paymentRoutes = new Hono<AppEnv>()
  // Public parameters only, so the site hard-codes none: never a secret.
  .get('/config', (c) => {
    const { paypal, usdt, alephium } = paymentSettings(c.var.env);
    const { nodeUrl: _nodeUrl, ...alph } = alephium.enabled
      ? alephium
      : { enabled: false as const, nodeUrl: '' };
    return c.json({ paypal, usdt, alephium: alph }, 200);
  })
  .post('/quote', paymentRateLimit, validate('json', quoteSchema), async (c) => {
    const { db, env } = c.var;
    const body = c.req.valid('json');
    const subject = subjectOf(body);
    return c.json(
      await createQuote({ db, env, subject, caller: c.var.user, method: body.method }),
      201,
    );
  })
  .post('/paypal/orders', paymentRateLimit, validate('json', paypalOrderSchema), async (c) => {
    const subject = subjectOf(c.req.valid('json'));
    return c.json(await createPaypalOrder({ ...c.var, subject, caller: c.var.user }), 201);
  })
  .post('/paypal/webhook', validate('json', webhookEvent), async (c) => {
    // PayPal verifies the event as it was sent: pass it on untouched (a parsed copy would
    // reorder its keys).
    const event = (await c.req.json()) as Record<string, unknown>;
    const result = await handlePaypalWebhook({ ...c.var, headers: c.req.header(), event });
    return c.json({ received: true as const, ...result }, 200);
  });
