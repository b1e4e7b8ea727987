import { roomMessages as m } from '@studio/shared/messages/project-room';
import { canMoveWork } from '@studio/shared/project-room';
import type { VersionShareInput } from '@studio/shared/schemas/project-room';
import { and, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectVersionFiles, projectVersions } from '../../db/schema/project-room.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import type { CheckedUploadStore } from '../uploads/checked-upload-store.ts';
import { findDraftUpload } from '../uploads/find-draft-upload.ts';
import { storeUploadCopy } from '../uploads/store-upload-copy.ts';
import type { RoomSubmission } from './find-room.ts';
import { mailProjectUpdate, type RoomEnv } from './move-project.ts';
import { moveWork } from './move-work.ts';

/**
 * The studio shares a numbered version (decision 046): the completed uploads of its draft are
 * copied into storage under `project-files/<uuid>` (hashed on the way), then one transaction
 * uses the uploads up, records the version and its files (preview or final), moves the work to
 * in review where that is a move (else the status stays, an approved project getting its
 * finals, say) and queues the client's mail. A failure anywhere leaves no version, no row and no
 * stored copy; the uploads stay, so the admin can share them again.
 */
export async function shareVersion({
  db,
  env,
  secret,
  storage,
  store,
  submission,
  input,
  actorId,
}: {
  db: Db;
  env: RoomEnv;
  secret: string;
  storage: Storage;
  store: CheckedUploadStore;
  submission: RoomSubmission;
  input: { draftToken: string; note: string; files: VersionShareInput['files'] };
  actorId: string;
}) {
  if (submission.workStatus === 'cancelled') throw new ApiError('CONFLICT', m.cancelledProject);
  const uploads: (Awaited<ReturnType<typeof findDraftUpload>> & {
    kind: VersionShareInput['files'][number]['kind'];
  })[] = [];
  for (const f of input.files) {
    const upload = await findDraftUpload({
      db,
      token: input.draftToken,
      id: f.uploadId,
      purpose: 'project-version',
    });
    if (!upload.completedAt || !upload.contentType)
      throw new ApiError('CONFLICT', m.uploadNotFinished(upload.originalName));
    uploads.push({ ...upload, kind: f.kind });
  }
  const stored: { key: string; bytes: number; sha256: string }[] = [];
  try {
    for (const upload of uploads)
      stored.push(
        await storeUploadCopy({
          store,
          storage,
          upload,
          folder: 'project-files',
          storageDown: m.fileUnavailable,
        }),
      );
    const version = await db.transaction(async (tx) => {
      const ids = uploads.map((u) => u.id);
      // Used at most once, on any process: a second share of the same uploads finds them gone.
      const taken = await tx
        .delete(projectUploads)
        .where(and(inArray(projectUploads.id, ids), isNotNull(projectUploads.completedAt)))
        .returning({ id: projectUploads.id });
      if (taken.length !== ids.length) throw new ApiError('CONFLICT', m.uploadsAlreadyShared);
      const [locked] = await tx
        .select({ workStatus: projectSubmissions.workStatus })
        .from(projectSubmissions)
        .where(eq(projectSubmissions.id, submission.id))
        .for('update');
      if (!locked) throw new ApiError('NOT_FOUND', m.notFound);
      if (locked.workStatus === 'cancelled') throw new ApiError('CONFLICT', m.cancelledProject);
      const [last] = await tx
        .select({ n: max(projectVersions.number) })
        .from(projectVersions)
        .where(eq(projectVersions.submissionId, submission.id));
      const [made] = await tx
        .insert(projectVersions)
        .values({
          submissionId: submission.id,
          number: (last?.n ?? 0) + 1,
          note: input.note,
          createdBy: actorId,
        })
        .returning();
      if (!made) throw new Error('insert returned no row');
      await tx.insert(projectVersionFiles).values(
        uploads.map((u, i) => ({
          versionId: made.id,
          submissionId: submission.id,
          kind: u.kind,
          name: u.originalName,
          storageKey: stored[i]?.key ?? '',
          contentType: u.contentType ?? 'application/octet-stream',
          sizeBytes: stored[i]?.bytes ?? 0,
          sha256: stored[i]?.sha256 ?? '',
        })),
      );
      await recordAudit({
        db: tx,
        actorId,
        action: 'submission.version',
        entityType: 'submission',
        entityId: submission.id,
        detail: {
          version: made.number,
          files: uploads.map((u, i) => ({
            name: u.originalName,
            kind: u.kind,
            sha256: stored[i]?.sha256,
          })),
        },
      });
      if (canMoveWork(locked.workStatus, 'in_review', 'studio')) {
        const move = await moveWork(tx, {
          submissionId: submission.id,
          to: 'in_review',
          actor: 'studio',
          actorId,
          note: input.note || null,
        });
        await mailProjectUpdate(tx, {
          env,
          secret,
          submission,
          subjectId: move.moveId,
          status: 'in_review',
          byClient: false,
          note: input.note || null,
        });
      } else {
        // In review already, or approved: the version is news, and the status stays.
        await mailProjectUpdate(tx, {
          env,
          secret,
          submission,
          subjectId: made.id,
          status: 'in_review',
          byClient: false,
          note: input.note || null,
        });
      }
      return made;
    });
    await Promise.all(uploads.map((u) => store.remove(u.id).catch(() => {})));
    return { message: m.versionShared(version.number), version };
  } catch (error) {
    await Promise.all(stored.map((s) => storage.delete(s.key).catch(() => {})));
    throw error;
  }
}
