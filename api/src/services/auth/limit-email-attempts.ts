import { authMessages } from '@studio/shared/messages/auth';
import type { Env } from '../../env.ts';
import type { Counters } from '../rate-limit/counters.ts';
import { rateLimit } from '../rate-limit/rate-limit.ts';

export type EmailLimits = Pick<Env, 'AUTH_RATE_LIMIT_PER_EMAIL' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>;

/**
 * The per-address limit of sign-up (`rateLimit` on `auth:<kind>:<email>`, 429 past
 * AUTH_RATE_LIMIT_PER_EMAIL in its window); sign-up counts every attempt. Sign-in no longer uses
 * it (a stranger could lock any account with it): see guardPasswordAttempt, decision 024.
 */
export async function limitEmailAttempts({
  counters,
  env,
  kind,
  email,
  peek = false,
}: {
  counters: Counters;
  env: EmailLimits;
  kind: 'login' | 'register';
  email: string;
  peek?: boolean;
}) {
  await rateLimit({
    counters,
    key: `auth:${kind}:${email}`,
    limit: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    message: authMessages.tooManyAttempts,
    peek,
  });
}
