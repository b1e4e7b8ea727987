import { limits } from '@studio/shared/limits';
import { projectMessages } from '@studio/shared/messages/projects';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads, uploadDrafts } from '../../db/schema/project-uploads.ts';
import { ApiError } from '../../lib/api-error.ts';

/**
 * Records a new upload of a draft, before the tus server creates its file: at most
 * `limits.maxFiles` uploads a draft has not yet submitted. The draft's row is locked, so two
 * creations at once (on any process) cannot both take the twentieth place.
 */
export async function startUpload({
  db,
  draftId,
  id,
  name,
  sizeBytes,
}: {
  db: Db;
  draftId: string;
  id: string;
  name: string;
  sizeBytes: number;
}) {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: uploadDrafts.id })
      .from(uploadDrafts)
      .where(eq(uploadDrafts.id, draftId))
      .for('update');
    const [row] = await tx
      .select({ n: count() })
      .from(projectUploads)
      .where(and(eq(projectUploads.draftId, draftId), isNull(projectUploads.submissionId)));
    if ((row?.n ?? 0) >= limits.maxFiles) {
      throw new ApiError('VALIDATION_FAILED', projectMessages.tooManyFiles, [
        { path: 'files', message: projectMessages.tooManyFiles },
      ]);
    }
    await tx.insert(projectUploads).values({ id, draftId, originalName: name, sizeBytes });
  });
}
