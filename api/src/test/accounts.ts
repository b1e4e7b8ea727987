import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { createSession } from '../services/auth/create-session.ts';
import { ensureAdmin } from '../services/auth/ensure-admin.ts';
import { newUser, read, type TestApp } from './harness.ts';

/** A signed-in customer, registered through the API (`overrides` on `newUser()`'s body). */
export async function signUpCustomer(t: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await read(t.client.api.auth.register.$post({ json: newUser(overrides) }));
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    token: string;
    user: { id: string; email: string; firstName: string; lastName: string };
  };
}

/** A signed-in admin, made the way start-up and `admin:create` make one. */
export async function signInAdmin(db: Db) {
  const email = `admin.${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'AdminPass123';
  await ensureAdmin({ db, email, password });
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error('admin not created');
  const { token } = await createSession({ db, userId: user.id });
  return { token, user, email, password };
}
