import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { consumeRateLimit } from '../rate-limit/consume-rate-limit.ts';
import { refuseAuthAttempt } from './refuse-auth-attempt.ts';

export type AuthLimits = Pick<
  Env,
  'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_EMAIL' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'
>;

/** Counts an attempt from `ip`; 429 past the limit. */
export async function countAttemptFromIp({ db, env, ip }: { db: Db; env: AuthLimits; ip: string }) {
  const r = await consumeRateLimit({
    db,
    key: `auth:ip:${ip}`,
    limit: env.AUTH_RATE_LIMIT_PER_IP,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!r.allowed) refuseAuthAttempt(r.retryAfterSeconds);
}
