import { authMessages } from '@studio/shared/messages/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Session } from '../../db/schema/sessions.ts';
import { type User, users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Counters } from '../rate-limit/counters.ts';
import type { Device } from './device.ts';
import { guardPasswordAttempt, type LoginLimits } from './guard-password-attempt.ts';
import { hashPassword } from './hash-password.ts';
import { revokeSessions } from './revoke-sessions.ts';
import { verifyPassword } from './verify-password.ts';

/**
 * Changes the signed-in user's password and ends every other session of theirs (a thief's
 * included); the session making the change stays. The current password is guarded as a sign-in
 * is (`guardPasswordAttempt`: by the caller's device cookie, or by address and account), so a
 * stolen session cannot guess it faster than the login form allows. The schema has already
 * refused a new password equal to the current one.
 */
export async function changePassword({
  db,
  counters,
  env,
  user,
  session,
  currentPassword,
  newPassword,
  ip,
  device,
}: {
  db: Db;
  counters: Counters;
  env: LoginLimits;
  user: User;
  session: Session;
  currentPassword: string;
  newPassword: string;
  ip: string;
  device: Device | null;
}) {
  const attempt = await guardPasswordAttempt({
    counters,
    env,
    email: user.email,
    userId: user.id,
    ip,
    device,
  });
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new ApiError('VALIDATION_FAILED', authMessages.currentPasswordIncorrect, [
      { path: 'currentPassword', message: authMessages.currentPasswordIncorrect },
    ]);
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions({ db: tx, userId: user.id, keepSessionId: session.id });
  });
}
