import { projectMessages } from '@studio/shared/messages/projects';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissionFiles } from '../../db/schema/project-submissions.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Storage } from '../storage/storage.ts';

/** A project file for an admin: the stored stream, with the visitor's name as the download name. */
export async function openSubmissionFile({
  db,
  storage,
  id,
  fileId,
}: {
  db: Db;
  storage: Storage;
  id: string;
  fileId: string;
}) {
  if (!isUuid(id) || !isUuid(fileId)) throw new ApiError('NOT_FOUND', projectMessages.fileNotFound);
  const [file] = await db
    .select()
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, id)));
  if (!file) throw new ApiError('NOT_FOUND', projectMessages.fileNotFound);
  const stored = await storage.get(file.storageKey).catch(() => {
    throw new ApiError('NOT_FOUND', projectMessages.fileNotFound);
  });
  return { ...stored, name: file.originalName, contentType: file.contentType };
}
