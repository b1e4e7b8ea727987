import { messages } from '@studio/shared/messages';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { rateLimit } from '../rate-limit/rate-limit.ts';

export type EmailLimits = Pick<Env, 'AUTH_RATE_LIMIT_PER_EMAIL' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>;

/**
 * The per-address limit of sign-in and sign-up (`rateLimit` on `auth:<kind>:<email>`, 429 past
 * AUTH_RATE_LIMIT_PER_EMAIL in its window). Sign-in counts only failures (so a victim's account
 * is not locked by successful logins elsewhere): it `peek`s before checking the password and
 * counts after a wrong one. Sign-up counts every attempt.
 */
export async function limitEmailAttempts({
  db,
  env,
  kind,
  email,
  peek = false,
}: {
  db: Db;
  env: EmailLimits;
  kind: 'login' | 'register';
  email: string;
  peek?: boolean;
}) {
  await rateLimit({
    db,
    key: `auth:${kind}:${email}`,
    limit: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    message: messages.auth.tooManyAttempts,
    peek,
  });
}
