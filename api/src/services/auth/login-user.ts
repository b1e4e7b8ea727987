import { authMessages } from '@studio/shared/messages/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Counters } from '../rate-limit/counters.ts';
import { createSession } from './create-session.ts';
import type { Device } from './device.ts';
import { guardPasswordAttempt, type LoginLimits } from './guard-password-attempt.ts';
import { toPublicUser } from './to-public-user.ts';
import { dummyPasswordHash, verifyPassword } from './verify-password.ts';

/**
 * Signs in with e-mail and password. One 401 message for an unknown e-mail and a wrong
 * password alike; guesses are held by `guardPasswordAttempt` (by the caller's device cookie, or
 * by address and account). The route gives the browser a new device cookie on success.
 */
export async function loginUser({
  db,
  counters,
  env,
  email,
  password,
  ip,
  device,
}: {
  db: Db;
  counters: Counters;
  env: LoginLimits;
  email: string;
  password: string;
  ip: string;
  device: Device | null;
}) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const attempt = await guardPasswordAttempt({
    counters,
    env,
    email,
    userId: user?.id,
    ip,
    device,
  });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new ApiError('UNAUTHORIZED', authMessages.invalidCredentials);
  await attempt.succeeded();
  const { token } = await createSession({ db, userId: user.id });
  return { token, user: toPublicUser(user) };
}
