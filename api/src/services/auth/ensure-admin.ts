import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from './hash-password.ts';

/** A password that meets the register rules: upper, lower and a digit. */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}Aa1`;
}

/**
 * Makes `email` an admin, creating the account when needed. An existing account is promoted;
 * its password changes only when `resetPassword` is set, so a restart never undoes a password
 * the admin changed. Returns the password it set, so a generated one can be printed once.
 */
export async function ensureAdmin({
  db,
  email,
  password,
  resetPassword = false,
}: {
  db: Db;
  email: string;
  password?: string | undefined;
  resetPassword?: boolean;
}): Promise<{ created: boolean; password: string | null }> {
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    const changes: Partial<typeof users.$inferInsert> = {};
    if (existing.role !== 'admin') changes.role = 'admin';
    const newPassword = resetPassword ? (password ?? generatePassword()) : null;
    if (newPassword) changes.passwordHash = await hashPassword(newPassword);
    if (Object.keys(changes).length > 0) {
      await db.update(users).set(changes).where(eq(users.id, existing.id));
    }
    return { created: false, password: newPassword };
  }
  const chosen = password ?? generatePassword();
  await db.insert(users).values({
    firstName: 'Studio',
    lastName: 'Admin',
    email,
    passwordHash: await hashPassword(chosen),
    role: 'admin',
  });
  return { created: true, password: chosen };
}
