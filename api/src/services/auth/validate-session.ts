import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import {
  SESSION_RENEW_BEFORE_MS,
  SESSION_TTL_MS,
  sessionIdFromToken,
} from './generate-session-token.ts';

/** The session's user, or null when the token is unknown or expired (an expired row is removed). */
export async function validateSession({ db, token }: { db: Db; token: string }) {
  const sessionId = sessionIdFromToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  if (row.session.expiresAt.getTime() - now < SESSION_RENEW_BEFORE_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    row.session.expiresAt = expiresAt;
  }
  return row;
}
