import { messages } from '@studio/shared/messages';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../lib/client-ip.ts';
import { limitByIp } from '../services/rate-limit/limit-by-ip.ts';

/** Quotes, PayPal orders and confirmations per client address (PAYMENT_RATE_LIMIT_PER_HOUR). */
export const paymentRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  await limitByIp({
    db: c.var.db,
    action: 'payment',
    ip: clientIp(c),
    perHour: c.var.env.PAYMENT_RATE_LIMIT_PER_HOUR,
    message: messages.auth.tooManyAttempts,
  });
  await next();
});
