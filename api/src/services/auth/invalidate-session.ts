import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';

export async function invalidateSession({ db, sessionId }: { db: Db; sessionId: string }) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
