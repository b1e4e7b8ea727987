import { invoiceMessages } from '@studio/shared/messages/invoices';
import { orderMessages } from '@studio/shared/messages/orders';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import type { Env } from '../../env.ts';
import { rateLimit } from './rate-limit.ts';

/**
 * A route's limit per signed-in account, after requireUser: each request of an account counts
 * one `action` (key `<action>:user:<id>`) in a window of `windowSeconds`; past `limit`, 429 with
 * `message` and Retry-After (`rateLimit`). Without a user, or for an admin when `admins` is false,
 * nothing is counted.
 */
export function limitByAccount({
  action,
  limit,
  windowSeconds,
  message,
  admins = true,
}: {
  action: string;
  limit: (env: Env) => number;
  windowSeconds: number;
  message: string;
  admins?: boolean;
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { counters, env, user } = c.var;
    if (user && (admins || user.role !== 'admin')) {
      await rateLimit({
        counters,
        key: `${action}:user:${user.id}`,
        limit: limit(env),
        windowSeconds,
        message,
      });
    }
    await next();
  });
}

/** Orders placed per account (ORDER_RATE_LIMIT_PER_HOUR); after requireUser. */
export const orderRateLimitByAccount = limitByAccount({
  action: 'order',
  limit: (env) => env.ORDER_RATE_LIMIT_PER_HOUR,
  windowSeconds: 3600,
  message: orderMessages.tooManyOrders,
});

/**
 * A customer's invoice downloads (decision 036): each PDF is drawn when asked for (about 30 ms of
 * a core), so one account may ask for `INVOICE_DOWNLOADS_PER_WINDOW` in 10 minutes, plenty for a
 * person and too few to keep a processor busy. After requireUser; admins are not limited.
 */
export const INVOICE_DOWNLOADS_PER_WINDOW = 30;
export const invoiceRateLimit = limitByAccount({
  action: 'invoice',
  limit: () => INVOICE_DOWNLOADS_PER_WINDOW,
  windowSeconds: 600,
  message: invoiceMessages.tooManyDownloads,
  admins: false,
});
