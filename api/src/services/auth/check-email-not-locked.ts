import type { Db } from '../../db/client.ts';
import { peekRateLimit } from '../rate-limit/consume-rate-limit.ts';
import type { AuthLimits } from './count-attempt-from-ip.ts';
import { refuseAuthAttempt } from './refuse-auth-attempt.ts';

export async function checkEmailNotLocked({
  db,
  env,
  key,
}: {
  db: Db;
  env: AuthLimits;
  key: string;
}) {
  const r = await peekRateLimit({
    db,
    key,
    limit: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!r.allowed) refuseAuthAttempt(r.retryAfterSeconds);
}
