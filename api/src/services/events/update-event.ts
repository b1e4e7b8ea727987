import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import type { Logger } from '../../lib/logger.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteImageVariants } from '../uploads/store-image-variants.ts';
import { deleteEventFlyer } from './delete-event.ts';
import { findEvent } from './find-event.ts';
import { presentEvent } from './present-event.ts';
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
  const { input, flyer } = await receiveEventForm({
    storage,
    body,
    contentType,
    flyerRequired: false,
  });
  const flyerKey = flyer?.key ?? null;
  let result: { row: typeof events.$inferSelect; old: typeof events.$inferSelect | null };
  try {
    result = await db.transaction(async (tx) => {
      // Locked and read again: the event may have been deleted or edited during the upload.
      const before = await findEvent({ db: tx, id, forUpdate: true });
      const [row] = await tx
        .update(events)
        .set({
          ...input,
          flyerKey: flyerKey ?? before.flyerKey,
          flyerImage: flyer ? flyer.image : before.flyerImage,
        })
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
      return { row, old: flyer ? before : null };
    });
  } catch (error) {
    if (flyer) await deleteImageVariants(storage, flyer.image).catch(() => {});
    throw error;
  }
  if (result.old) {
    await deleteEventFlyer(storage, result.old).catch((err: unknown) => {
      log.warn({ err, key: result.old?.flyerKey }, 'old event flyer not deleted');
    });
  }
  return presentEvent(result.row);
}
