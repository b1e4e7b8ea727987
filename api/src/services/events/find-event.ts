import { eventMessages as m } from '@studio/shared/messages/events';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';

/** 404 for an id that is not a UUID: it names no event, and Postgres would refuse to compare it. */
export function assertEventId(id: string) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', m.notFound);
}

/** The event row, locked for the rest of the transaction when `forUpdate`; 404 when there is none. */
export async function findEvent({
  db,
  id,
  forUpdate = false,
}: {
  db: DbOrTx;
  id: string;
  forUpdate?: boolean;
}) {
  assertEventId(id);
  const query = db.select().from(events).where(eq(events.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new ApiError('NOT_FOUND', m.notFound);
  return row;
}
