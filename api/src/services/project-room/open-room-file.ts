import { roomMessages as m } from '@studio/shared/messages/project-room';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

import { type ProjectVersionFile, projectVersionFiles } from '../../db/schema/project-room.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { isUuid } from '../../lib/uuid.ts';
import { openStoredFile, type StoredFileDownload } from '../downloads/open-stored-file.ts';
import type { Storage } from '../storage/storage.ts';
import { finalsReleased } from './present-room.ts';
import { checkRoomFileUrl, type RoomProof } from './room-url.ts';

type PaymentState = (typeof projectSubmissions.$inferSelect)['paymentState'];
type RoomFile = { file: ProjectVersionFile; paymentState: PaymentState };

/** The file, if it is this project's, with the project's payment state: one read. */
async function findRoomFile(db: Db, submissionId: string, fileId: string) {
  const [found] = await db
    .select({ file: projectVersionFiles, paymentState: projectSubmissions.paymentState })
    .from(projectVersionFiles)
    .innerJoin(projectSubmissions, eq(projectSubmissions.id, projectVersionFiles.submissionId))
    .where(
      and(eq(projectVersionFiles.id, fileId), eq(projectVersionFiles.submissionId, submissionId)),
    );
  return found;
}

/**
 * Previews recently played, by id: a player seeks often, and a shared file never changes (a new
 * version is new files), so a seek needs no database read. A preview is not gated by payment;
 * finals are read each time. Kept a minute, at most 500.
 */
const previews = new Map<string, RoomFile & { until: number }>();
const PREVIEW_MS = 60_000;
function keepPreview(found: RoomFile) {
  const now = Date.now();
  if (previews.size >= 500)
    for (const [id, kept] of previews)
      if (kept.until <= now || previews.size >= 500) previews.delete(id);
  previews.set(found.file.id, { ...found, until: now + PREVIEW_MS });
}
const keptPreview = (fileId: string) => {
  const kept = previews.get(fileId);
  if (kept && kept.until > Date.now()) return kept;
  previews.delete(fileId);
  return undefined;
};

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
  const found = keptPreview(fileId) ?? (await findRoomFile(db, submissionId, fileId));
  if (!found || found.file.submissionId !== submissionId)
    throw new ApiError('NOT_FOUND', m.fileNotFound);
  const { file } = found;
  if (file.kind === 'preview') keepPreview(found);
  if (file.kind === 'final' && viewer === 'client' && !finalsReleased(found))
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
