import { roomMessages as m } from '@studio/shared/messages/project-room';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectVersionFiles } from '../../db/schema/project-room.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { isUuid } from '../../lib/uuid.ts';
import { openStoredFile, type StoredFileDownload } from '../downloads/open-stored-file.ts';
import type { Storage } from '../storage/storage.ts';
import { findRoomSubmission } from './find-room.ts';
import { finalsReleased } from './present-room.ts';
import { checkRoomFileUrl, type RoomProof } from './room-url.ts';

/**
 * A shared file of the room, by its day-long signed URL (decision 046), through the shop's
 * download mechanism (open-stored-file.ts): `Range` for the player's seeks, HEAD, 416, 503 when
 * storage cannot be read, and on S3 a redirect for a final. A preview plays inline; a final downloads
 * (attachment), and only once the project is paid: before, 409 "Pay to receive your files."
 * (the studio's own URL opens it to check it). A forged or expired URL is 401, a file not of
 * this project 404.
 */
export async function openRoomFile({
  db,
  secret,
  storage,
  log,
  submissionId,
  fileId,
  proof,
  rangeHeader,
  ifRange,
  head,
}: {
  db: Db;
  secret: string;
  storage: Storage;
  log?: Logger;
  submissionId: string;
  fileId: string;
  proof: RoomProof;
  rangeHeader: string | undefined;
  ifRange: string | undefined;
  head: boolean;
}): Promise<{ download: StoredFileDownload; disposition: 'inline' | 'attachment' }> {
  if (!isUuid(submissionId) || !isUuid(fileId)) throw new ApiError('NOT_FOUND', m.fileNotFound);
  const viewer = checkRoomFileUrl(secret, submissionId, fileId, proof);
  const submission = await findRoomSubmission(db, submissionId);
  const [file] = await db
    .select()
    .from(projectVersionFiles)
    .where(
      and(eq(projectVersionFiles.id, fileId), eq(projectVersionFiles.submissionId, submissionId)),
    );
  if (!file) throw new ApiError('NOT_FOUND', m.fileNotFound);
  if (file.kind === 'final' && viewer === 'client' && !finalsReleased(submission))
    throw new ApiError('CONFLICT', m.payToReceive);
  const download = await openStoredFile({
    storage,
    log,
    file: { ...file },
    rangeHeader,
    ifRange,
    head,
    unavailable: m.fileUnavailable,
    // A preview plays in the page from this origin (its media policy is 'self'); a final is a
    // download, which on S3 goes to the bucket.
    redirect: file.kind === 'final',
  });
  return { download, disposition: file.kind === 'preview' ? 'inline' : 'attachment' };
}
