import { limits } from '@studio/shared/limits';
import { authMessages } from '@studio/shared/messages/auth';
import { contactMessages } from '@studio/shared/messages/contact';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { orderMessages } from '@studio/shared/messages/orders';
import { paymentMessages } from '@studio/shared/messages/payments';
import { roomMessages } from '@studio/shared/messages/project-room';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import type { Env } from '../../env.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { rateLimit } from './rate-limit.ts';

/**
 * A route's limit per client address: each request counts one `action` from the caller's IP
 * (key `<action>:ip:<ip>`) in a window of `windowSeconds` (an hour unless said), read from the
 * env per request; past `limit`, 429 with `message` and Retry-After (`rateLimit`).
 */
export function limitByIp({
  action,
  limit,
  windowSeconds = () => 3600,
  message,
}: {
  action: string;
  limit: (env: Env) => number;
  windowSeconds?: (env: Env) => number;
  message: string;
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { counters, env } = c.var;
    await rateLimit({
      counters,
      key: `${action}:ip:${clientIp(c)}`,
      limit: limit(env),
      windowSeconds: windowSeconds(env),
      message,
    });
    await next();
  });
}

/** Sign-up, sign-in and password changes per address (AUTH_RATE_LIMIT_PER_IP in its window). */
export const authRateLimit = limitByIp({
  action: 'auth',
  limit: (env) => env.AUTH_RATE_LIMIT_PER_IP,
  windowSeconds: (env) => env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  message: authMessages.tooManyAttempts,
});

/** Contact messages per address (CONTACT_RATE_LIMIT_PER_HOUR). */
export const contactRateLimit = limitByIp({
  action: 'contact',
  limit: (env) => env.CONTACT_RATE_LIMIT_PER_HOUR,
  message: contactMessages.tooMany,
});

/** Newsletter sign-ups per address: counted apart from contact messages, with their limit. */
export const newsletterRateLimit = limitByIp({
  action: 'newsletter',
  limit: (env) => env.CONTACT_RATE_LIMIT_PER_HOUR,
  message: contactMessages.tooMany,
});

/** Project submissions per address (SUBMISSION_RATE_LIMIT_PER_HOUR). */
export const submissionRateLimit = limitByIp({
  action: 'submit',
  limit: (env) => env.SUBMISSION_RATE_LIMIT_PER_HOUR,
  message: projectMessages.tooManySubmissions,
});

/** Upload drafts per address: one a project, so as many as submissions (decision 030). */
export const draftRateLimit = limitByIp({
  action: 'draft',
  limit: (env) => env.SUBMISSION_RATE_LIMIT_PER_HOUR,
  message: projectMessages.tooManySubmissions,
});

/** Resumable uploads created per address: a project's worth of files per submission allowed. */
export const uploadRateLimit = limitByIp({
  action: 'upload',
  limit: (env) => env.SUBMISSION_RATE_LIMIT_PER_HOUR * limits.maxFiles,
  message: uploadMessages.tooManyUploads,
});

/** Quotes, PayPal orders and confirmations per address (PAYMENT_RATE_LIMIT_PER_HOUR). */
export const paymentRateLimit = limitByIp({
  action: 'payment',
  limit: (env) => env.PAYMENT_RATE_LIMIT_PER_HOUR,
  message: paymentMessages.tooManyAttempts,
});

/** Orders placed per client address (ORDER_RATE_LIMIT_PER_HOUR, decision 026). */
export const orderRateLimitByIp = limitByIp({
  action: 'order',
  limit: (env) => env.ORDER_RATE_LIMIT_PER_HOUR,
  message: orderMessages.tooManyOrders,
});

/**
 * Requests for a digital product's files per address: generous, as download managers fetch one
 * file in many ranges; each request is recorded, so a flood is cut off (decision 045).
 */
export const downloadRateLimit = limitByIp({
  action: 'download',
  limit: () => 1200,
  message: downloadMessages.tooManyRequests,
});

/** Fresh project-room links asked for per address (decision 046): a few an hour. */
export const roomLinkRateLimit = limitByIp({
  action: 'room-link',
  limit: () => 10,
  message: roomMessages.tooManyLinkRequests,
});
