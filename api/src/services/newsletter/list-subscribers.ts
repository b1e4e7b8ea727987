import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscribers } from '../../db/schema/subscribers.ts';

/** Active subscribers' addresses, oldest first. */
export async function listSubscribers({ db }: { db: Db }) {
  const rows = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.status, 'active'))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.email));
  return { subscribers: rows.map((r) => r.email), count: rows.length };
}
