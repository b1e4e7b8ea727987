import { asc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { presentEvent } from './present-event.ts';

/** Events dated today or later (from midnight UTC), soonest first. */
export async function listUpcomingEvents({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(events)
    .where(gte(events.date, sql`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`))
    .orderBy(asc(events.date));
  return rows.map(presentEvent);
}
