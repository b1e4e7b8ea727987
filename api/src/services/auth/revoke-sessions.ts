import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';

/**
 * Deletes the user's sessions (the row is the session: its token then gets 401), all of them or
 * all but `keepSessionId`. Answers how many ended.
 */
export async function revokeSessions({
  db,
  userId,
  keepSessionId,
}: {
  db: DbOrTx;
  userId: string;
  keepSessionId?: string;
}): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const ended = await db
    .delete(sessions)
    .where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine)
    .returning({ id: sessions.id });
  return ended.length;
}
