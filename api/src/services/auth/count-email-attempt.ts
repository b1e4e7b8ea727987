import type { Db } from '../../db/client.ts';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit.ts';
import type { AuthLimits } from './count-attempt-from-ip.ts';
import { refuseAuthAttempt } from './refuse-auth-attempt.ts';

/**
 * Per e-mail, sign-in counts only failures (so a victim's account is not locked by successful
 * logins elsewhere), sign-up counts every attempt.
 */
export function emailKey(kind: 'login' | 'register', email: string) {
  return `auth:${kind}:${email}`;
}

export async function countEmailAttempt({
  db,
  env,
  key,
}: {
  db: Db;
  env: AuthLimits;
  key: string;
}) {
  const r = await consumeRateLimit({
    db,
    key,
    limit: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!r.allowed) refuseAuthAttempt(r.retryAfterSeconds);
}
