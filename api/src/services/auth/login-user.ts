import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { createSession } from './create-session.ts';
import { type EmailLimits, limitEmailAttempts } from './limit-email-attempts.ts';
import { toPublicUser } from './to-public-user.ts';
import { dummyPasswordHash, verifyPassword } from './verify-password.ts';

/**
 * Signs in with e-mail and password. One 401 message for an unknown e-mail and a wrong
 * password alike; failures count against the address (attempts against the caller's IP are
 * counted by the route, `authRateLimit`).
 */
export async function loginUser({
  db,
  env,
  email,
  password,
}: {
  db: Db;
  env: EmailLimits;
  email: string;
  password: string;
}) {
  await limitEmailAttempts({ db, env, kind: 'login', email, peek: true });
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await limitEmailAttempts({ db, env, kind: 'login', email });
    throw new ApiError('UNAUTHORIZED', messages.auth.invalidCredentials);
  }
  const { token } = await createSession({ db, userId: user.id });
  return { token, user: toPublicUser(user) };
}
