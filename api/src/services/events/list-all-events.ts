import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { presentEvent } from './present-event.ts';

/** GET /api/events/admin: every event, past ones too, latest date first. */
export async function listAllEvents({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(events)
    .orderBy(desc(events.date), desc(events.createdAt), desc(events.id));
  return rows.map(presentEvent);
}
