import { uploadMessages } from '@studio/shared/messages/uploads';
import { uploadIdPattern } from '@studio/shared/schemas/project-uploads';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';
import { ApiError } from '../../lib/api-error.ts';

/** An upload of this draft; 404 for another draft's, one removed, or an id that is none. */
export async function findDraftUpload({
  db,
  draftId,
  id,
}: {
  db: Db;
  draftId: string;
  id: string;
}) {
  if (!uploadIdPattern.test(id)) throw new ApiError('NOT_FOUND', uploadMessages.uploadNotFound);
  const [upload] = await db
    .select()
    .from(projectUploads)
    .where(and(eq(projectUploads.id, id), eq(projectUploads.draftId, draftId)));
  if (!upload) throw new ApiError('NOT_FOUND', uploadMessages.uploadNotFound);
  return upload;
}
