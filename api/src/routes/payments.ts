import {
  type PaymentConfigAnswer,
  type PaymentQuoteAnswer,
  type PaypalOrderAnswer,
  type PaypalWebhookAnswer,
  paymentConfigAnswerSchema,
  paymentQuoteAnswerSchema,
  paypalOrderAnswerSchema,
  paypalOrderSchema,
  paypalWebhookAnswerSchema,
  quoteSchema,
} from '@studio/shared/schemas/payments';
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers } from '../openapi/answers.ts';
import { createPaypalOrder } from '../services/payments/create-paypal-order.ts';
import { createQuote } from '../services/payments/create-quote.ts';
import { handlePaypalWebhook } from '../services/payments/handle-paypal-webhook.ts';
import type { Subject } from '../services/payments/load-payment.ts';
import { paymentSettings } from '../services/payments/payment-settings.ts';
import { paymentRateLimit } from '../services/rate-limit/limit-by-ip.ts';

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
  id: singleLine('id').optional(),
  event_type: singleLine('event_type').optional(),
});

export const paymentRoutes = new Hono<AppEnv>()
  // Public parameters only, so the site hard-codes none: never a secret.
  .get('/config', answers({ 200: paymentConfigAnswerSchema }), (c) => {
    const { paypal, usdt, alephium } = paymentSettings(c.var.env);
    const { nodeUrl: _nodeUrl, ...alph } = alephium.enabled
      ? alephium
      : { enabled: false as const, nodeUrl: '' };
    return c.json({ paypal, usdt, alephium: alph } satisfies PaymentConfigAnswer, 200);
  })
  .post(
    '/quote',
    answers({ 201: paymentQuoteAnswerSchema }),
    paymentRateLimit,
    validate('json', quoteSchema),
    async (c) => {
      const { db, env } = c.var;
      const body = c.req.valid('json');
      const subject = subjectOf(body);
      const quote = await createQuote({
        db,
        env,
        subject,
        caller: c.var.user,
        method: body.method,
      });
      return c.json(quote satisfies PaymentQuoteAnswer, 201);
    },
  )
  .post(
    '/paypal/orders',
    answers({ 201: paypalOrderAnswerSchema }),
    paymentRateLimit,
    validate('json', paypalOrderSchema),
    async (c) => {
      const subject = subjectOf(c.req.valid('json'));
      const order = await createPaypalOrder({ ...c.var, subject, caller: c.var.user });
      return c.json(order satisfies PaypalOrderAnswer, 201);
    },
  )
  .post(
    '/paypal/webhook',
    answers({ 200: paypalWebhookAnswerSchema }),
    // PayPal verifies the event as it sent it: its bytes are read first, so the validator and
    // the handler work from them and the body goes to PayPal untouched (a parsed and
    // re-serialised copy could differ in spacing, key order or escapes).
    async (c, next) => {
      await c.req.arrayBuffer();
      await next();
    },
    validate('json', webhookEvent),
    async (c) => {
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const result = await handlePaypalWebhook({ ...c.var, headers: c.req.header(), rawBody });
      return c.json({ received: true as const, ...result } satisfies PaypalWebhookAnswer, 200);
    },
  );
