import type { profileSchema } from '@studio/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { toPublicUser } from './to-public-user.ts';

export async function updateProfile({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: z.output<typeof profileSchema>;
}) {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone;
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw new Error('signed-in user has no row');
  return toPublicUser(user);
}
