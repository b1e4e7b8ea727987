import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findEvent } from './find-event.ts';

/**
 * DELETE /api/events/admin/:id: removes the row with its audit row in one transaction, then the
 * flyer file. A file that cannot be removed is logged, not an error: the event is gone.
 */
export async function deleteEvent({
  db,
  storage,
  log,
  id,
  actorId,
}: {
  db: Db;
  storage: Storage;
  log: Logger;
  id: string;
  actorId: string;
}) {
  const removed = await db.transaction(async (tx) => {
    const row = await findEvent({ db: tx, id, forUpdate: true });
    await tx.delete(events).where(eq(events.id, id));
    await recordAudit({
      db: tx,
      actorId,
      action: 'event.delete',
      entityType: 'event',
      entityId: id,
      detail: { title: row.title, date: row.date.toISOString(), flyerKey: row.flyerKey },
    });
    return row;
  });
  if (removed.flyerKey) {
    await storage.delete(removed.flyerKey).catch((err: unknown) => {
      log.warn({ err, key: removed.flyerKey }, 'deleted event flyer not removed');
    });
  }
}
