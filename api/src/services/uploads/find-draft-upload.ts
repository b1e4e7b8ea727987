import { uploadMessages } from '@studio/shared/messages/uploads';
import { uploadIdPattern } from '@studio/shared/schemas/project-uploads';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads, type UploadPurpose } from '../../db/schema/project-uploads.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findDraft } from './find-draft.ts';

/**
 * The upload `id` of the draft a token names: 403 for a token that names no draft (findDraft),
 * 404 for another draft's upload, one removed, or an id that is none.
 */
export async function findDraftUpload({
  db,
  token,
  id,
  purpose,
}: {
  db: Db;
  token: string | undefined;
  id: string;
  /** The purpose the draft must have: another draft's uploads are not found. */
  purpose?: UploadPurpose;
}) {
  const draft = await findDraft({ db, token });
  if (purpose && draft.purpose !== purpose)
    throw new ApiError('NOT_FOUND', uploadMessages.uploadNotFound);
  if (!uploadIdPattern.test(id)) throw new ApiError('NOT_FOUND', uploadMessages.uploadNotFound);
  const [upload] = await db
    .select()
    .from(projectUploads)
    .where(and(eq(projectUploads.id, id), eq(projectUploads.draftId, draft.id)));
  if (!upload) throw new ApiError('NOT_FOUND', uploadMessages.uploadNotFound);
  return upload;
}
