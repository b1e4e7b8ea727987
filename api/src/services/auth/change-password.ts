import { messages } from '@studio/shared/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Session } from '../../db/schema/sessions.ts';
import { type User, users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { hashPassword } from './hash-password.ts';
import { type EmailLimits, limitEmailAttempts } from './limit-email-attempts.ts';
import { revokeSessions } from './revoke-sessions.ts';
import { verifyPassword } from './verify-password.ts';

/**
 * Changes the signed-in user's password and ends every other session of theirs (a thief's
 * included); the session making the change stays. A wrong current password counts as a failed
 * sign-in for the account, so a stolen session cannot be used to guess the password faster than
 * the login form allows. The schema has already refused a new password equal to the current one.
 */
export async function changePassword({
  db,
  env,
  user,
  session,
  currentPassword,
  newPassword,
}: {
  db: Db;
  env: EmailLimits;
  user: User;
  session: Session;
  currentPassword: string;
  newPassword: string;
}) {
  await limitEmailAttempts({ db, env, kind: 'login', email: user.email, peek: true });
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await limitEmailAttempts({ db, env, kind: 'login', email: user.email });
    throw new ApiError('VALIDATION_FAILED', messages.auth.currentPasswordIncorrect, [
      { path: 'currentPassword', message: messages.auth.currentPasswordIncorrect },
    ]);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions({ db: tx, userId: user.id, keepSessionId: session.id });
  });
}
