import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads, uploadDrafts } from '../../db/schema/project-uploads.ts';
import type { CheckedUploadStore } from './checked-upload-store.ts';

/** An upload with no PATCH for this long is abandoned (issue 17): its bytes and row go. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** Drafts are forgotten this long after they were made, with what is left of their uploads. */
export const DRAFT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The periodic clean-up of resumable uploads (decision 030), safe to run in every process at
 * once: uploads never submitted and idle for a day lose their bytes and their row; old drafts
 * go; and tus's own expiration removes whatever its store holds past Upload-Expires (bytes
 * whose row is gone included).
 */
export async function removeAbandonedUploads({
  db,
  store,
  now = new Date(),
}: {
  db: Db;
  store: CheckedUploadStore;
  now?: Date;
}) {
  const idleSince = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
  const idle = await db
    .select({ id: projectUploads.id })
    .from(projectUploads)
    .where(and(isNull(projectUploads.submissionId), lt(projectUploads.lastWriteAt, idleSince)));
  for (const { id } of idle) {
    // Gone already (another process, tus's expiration): the row goes all the same.
    await store.remove(id).catch(() => {});
    await db
      .delete(projectUploads)
      .where(and(sql`${projectUploads.id} = ${id}`, lt(projectUploads.lastWriteAt, idleSince)));
  }
  const drafts = await db
    .delete(uploadDrafts)
    .where(lt(uploadDrafts.createdAt, new Date(now.getTime() - DRAFT_LIFETIME_MS)))
    .returning({ id: uploadDrafts.id });
  const expired = await store.deleteExpired();
  return { uploads: idle.length, drafts: drafts.length, expired };
}
