import { projectMessages } from '@studio/shared/messages/projects';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { submissionFiles } from '../../db/schema/project-submissions.ts';
import { ApiError } from '../../lib/api-error.ts';
import { signValue } from '../../lib/signed-token.ts';
import { isUuid } from '../../lib/uuid.ts';

/** What a download link is signed for (never valid as another link's token, nor back). */
export const DOWNLOAD_PURPOSE = 'submission-file-download';

/**
 * How long a link works: the browser follows it at once; a few minutes cover a slow click. The
 * download itself may take longer: the link is checked when it starts.
 */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** The signed text: the file, its submission, the admin who asked and the expiry (s). */
export const downloadValue = (id: string, fileId: string, adminId: string, expires: number) =>
  `${id}:${fileId}:${adminId}:${expires}`;

/**
 * A short-lived link to one submission file for the admin `adminId`, which the browser follows
 * without the bearer token (decision 029): the API path with the expiry, the admin and an HMAC of
 * all, so none can be changed. 404 for a file that is not the submission's.
 */
export async function createDownloadLink({
  db,
  secret,
  id,
  fileId,
  adminId,
  now = Date.now(),
}: {
  db: Db;
  secret: string;
  id: string;
  fileId: string;
  adminId: string;
  now?: number;
}): Promise<{ url: string; expiresAt: string }> {
  if (!isUuid(id) || !isUuid(fileId)) throw new ApiError('NOT_FOUND', projectMessages.fileNotFound);
  const [file] = await db
    .select({ id: submissionFiles.id })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submissionId, id)));
  if (!file) throw new ApiError('NOT_FOUND', projectMessages.fileNotFound);
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
  const params = new URLSearchParams({
    expires: String(expires),
    admin: adminId,
    token: signValue(secret, DOWNLOAD_PURPOSE, downloadValue(id, fileId, adminId, expires)),
  });
  return {
    url: `/api/downloads/submissions/${id}/files/${fileId}?${params}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}
