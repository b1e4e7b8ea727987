import { authMessages } from '@studio/shared/messages/auth';
import type { registerSchema } from '@studio/shared/schemas/auth';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Counters } from '../rate-limit/counters.ts';
import { createSession } from './create-session.ts';
import { hashPassword } from './hash-password.ts';
import { type EmailLimits, limitEmailAttempts } from './limit-email-attempts.ts';
import { toPublicUser } from './to-public-user.ts';

/** Creates a customer and signs them in. The role is never taken from the request. */
export async function registerUser({
  db,
  counters,
  env,
  input,
}: {
  db: Db;
  counters: Counters;
  env: EmailLimits;
  input: z.output<typeof registerSchema>;
}) {
  await limitEmailAttempts({ counters, env, kind: 'register', email: input.email });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          passwordHash,
          role: 'customer',
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      const { token } = await createSession({ db: tx, userId: user.id });
      return { token, user: toPublicUser(user) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new ApiError('CONFLICT', authMessages.emailTaken);
    }
    throw error;
  }
}
