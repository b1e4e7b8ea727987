import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import {
  generateSessionToken,
  SESSION_TTL_MS,
  sessionIdFromToken,
} from './generate-session-token.ts';

export async function createSession({ db, userId }: { db: DbOrTx; userId: string }) {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: sessionIdFromToken(token), userId, expiresAt });
  return { token, expiresAt };
}
