import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Event, events } from '../../db/schema/events.ts';
import type { Logger } from '../../lib/logger.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteImageVariants } from '../uploads/store-image-variants.ts';
import { findEvent } from './find-event.ts';

/** Removes an event's flyer file and every variant of it. */
export async function deleteEventFlyer(storage: Storage, event: Event): Promise<void> {
  if (event.flyerKey) await storage.delete(event.flyerKey);
  if (event.flyerImage) await deleteImageVariants(storage, event.flyerImage);
}

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
    await deleteEventFlyer(storage, removed).catch((err: unknown) => {
      log.warn({ err, key: removed.flyerKey }, 'deleted event flyer not removed');
    });
  }
}
