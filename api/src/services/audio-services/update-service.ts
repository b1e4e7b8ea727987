import { audioServiceMessages } from '@studio/shared/messages/audio-services';
import type { serviceUpdateSchema } from '@studio/shared/schemas/admin';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { services } from '../../db/schema/services.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { presentServiceForAdmin } from './present-service-for-admin.ts';

export async function updateService({
  db,
  actorId,
  id,
  input,
}: {
  db: Db;
  actorId: string;
  id: string;
  input: z.output<typeof serviceUpdateSchema>;
}) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', audioServiceMessages.notFound);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(services).where(eq(services.id, id)).for('update');
    if (!before) throw new ApiError('NOT_FOUND', audioServiceMessages.notFound);
    const [updated] = await tx.update(services).set(input).where(eq(services.id, id)).returning();
    await recordAudit({
      db: tx,
      actorId,
      action: 'service.update',
      entityType: 'service',
      entityId: id,
      detail: {
        before: {
          listPriceCents: before.listPriceCents,
          checkoutPriceCents: before.checkoutPriceCents,
        },
        changes: input,
      },
    });
    return updated;
  });
  if (!row) throw new ApiError('NOT_FOUND', audioServiceMessages.notFound);
  return presentServiceForAdmin(row);
}
