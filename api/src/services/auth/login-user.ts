import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { checkEmailNotLocked } from './check-email-not-locked.ts';
import { type AuthLimits, countAttemptFromIp } from './count-attempt-from-ip.ts';
import { countEmailAttempt, emailKey } from './count-email-attempt.ts';
import { createSession } from './create-session.ts';
import { toPublicUser } from './to-public-user.ts';
import { dummyPasswordHash, verifyPassword } from './verify-password.ts';

/**
 * Signs in with e-mail and password. One 401 message for an unknown e-mail and a wrong
 * password alike; failures count against the address, attempts against the caller's IP.
 */
export async function loginUser({
  db,
  env,
  ip,
  email,
  password,
}: {
  db: Db;
  env: AuthLimits;
  ip: string;
  email: string;
  password: string;
}) {
  const key = emailKey('login', email);
  await countAttemptFromIp({ db, env, ip });
  await checkEmailNotLocked({ db, env, key });
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await countEmailAttempt({ db, env, key });
    throw new ApiError('UNAUTHORIZED', messages.auth.invalidCredentials);
  }
  const { token } = await createSession({ db, userId: user.id });
  return { token, user: toPublicUser(user) };
}
