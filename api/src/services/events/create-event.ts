import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import { deleteImageVariants } from '../uploads/store-image-variants.ts';
import { presentEvent } from './present-event.ts';
import { receiveEventForm } from './receive-event-form.ts';

/**
 * POST /api/events/admin: stores the flyer's variants, then writes the event and its audit row in one
 * transaction. If the transaction fails they are removed, so nothing is left behind.
 */
export async function createEvent({
  db,
  storage,
  body,
  contentType,
  actorId,
}: {
  db: Db;
  storage: Storage;
  body: ReadableStream<Uint8Array> | Readable | null;
  contentType: string;
  actorId: string;
}) {
  const { input, flyer } = await receiveEventForm({
    storage,
    body,
    contentType,
    flyerRequired: true,
  });
  const flyerKey = flyer?.key ?? null;
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(events)
        .values({ ...input, flyerKey, flyerImage: flyer?.image ?? null })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await recordAudit({
        db: tx,
        actorId,
        action: 'event.create',
        entityType: 'event',
        entityId: created.id,
        detail: { title: created.title, date: created.date.toISOString(), flyerKey },
      });
      return created;
    });
    return presentEvent(row);
  } catch (error) {
    if (flyer) await deleteImageVariants(storage, flyer.image).catch(() => {});
    throw error;
  }
}
