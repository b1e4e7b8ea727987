import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findEvent } from './find-event.ts';
import { presentEvent } from './list-upcoming-events.ts';
import { receiveEventForm } from './receive-event-form.ts';

const fields = ['title', 'description', 'date', 'location', 'ticketLink', 'flyerKey'] as const;

/**
 * PUT /api/events/admin/:id: the whole form again (blank optional fields clear them); the flyer
 * is optional and, when sent, replaces the old one, whose file is deleted only after the commit
 * so a failed update never leaves the event without its flyer.
 */
export async function updateEvent({
  db,
  storage,
  log,
  id,
  body,
  contentType,
  actorId,
}: {
  db: Db;
  storage: Storage;
  log: Logger;
  id: string;
  body: ReadableStream<Uint8Array> | Readable | null;
  contentType: string;
  actorId: string;
}) {
  // Before reading the upload: an unknown event stores nothing.
  await findEvent({ db, id });
  const { input, flyerKey } = await receiveEventForm({
    storage,
    body,
    contentType,
    flyerRequired: false,
  });
  let result: { row: typeof events.$inferSelect; oldFlyerKey: string | null };
  try {
    result = await db.transaction(async (tx) => {
      // Locked and read again: the event may have been deleted or edited during the upload.
      const before = await findEvent({ db: tx, id, forUpdate: true });
      const [row] = await tx
        .update(events)
        .set({ ...input, flyerKey: flyerKey ?? before.flyerKey })
        .where(eq(events.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      const changed = fields.filter(
        (f) => String(before[f]?.valueOf() ?? '') !== String(row[f]?.valueOf() ?? ''),
      );
      await recordAudit({
        db: tx,
        actorId,
        action: 'event.update',
        entityType: 'event',
        entityId: id,
        detail: { title: row.title, changed },
      });
      return { row, oldFlyerKey: flyerKey ? before.flyerKey : null };
    });
  } catch (error) {
    if (flyerKey) await storage.delete(flyerKey).catch(() => {});
    throw error;
  }
  if (result.oldFlyerKey) {
    await storage.delete(result.oldFlyerKey).catch((err: unknown) => {
      log.warn({ err, key: result.oldFlyerKey }, 'old event flyer not deleted');
    });
  }
  return presentEvent(result.row);
}
