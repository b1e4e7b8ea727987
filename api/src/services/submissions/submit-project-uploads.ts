import { randomUUID } from 'node:crypto';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import type { projectUploadsSubmissionSchema } from '@studio/shared/schemas/project-uploads';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';
import { services } from '../../db/schema/services.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Storage } from '../storage/storage.ts';
import type { CheckedUploadStore } from '../uploads/checked-upload-store.ts';
import { findDraft } from '../uploads/find-draft.ts';
import type { StoredFile } from '../uploads/receive-multipart.ts';
import { takeUploads } from '../uploads/take-uploads.ts';
import { findService } from './find-service.ts';
import { recordSubmission } from './record-submission.ts';

const m = projectMessages;

/**
 * POST /api/projects/submit-uploads: the project from completed resumable uploads of the
 * visitor's draft (decision 030). Each upload is copied into storage under a submission key, as
 * the multipart route stores files, so downloads and the orphan sweep treat both alike; then
 * the submission, its files, its mails and the uploads' use are written in one transaction. Ids
 * of another draft (or none), unfinished or already used are refused and nothing is written.
 */
export async function submitProjectUploads({
  db,
  env,
  secret,
  storage,
  store,
  input,
  userId,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO' | 'PUBLIC_URL'>;
  secret: string;
  storage: Storage;
  store: CheckedUploadStore;
  input: z.output<typeof projectUploadsSubmissionSchema>;
  userId: string | null;
}) {
  const { draftToken, uploadIds, ...fields } = input;
  const draft = await findDraft({ db, token: draftToken });
  // An admin's draft for product files is not a project's.
  if (draft.purpose !== 'project') throw new ApiError('FORBIDDEN', uploadMessages.draftUnknown);
  const active = await db.select().from(services).where(eq(services.isActive, true));
  const service = findService(active, fields.service);
  if (!service) {
    throw new ApiError('VALIDATION_FAILED', m.serviceRequired, [
      { path: 'service', message: m.serviceRequired },
    ]);
  }
  const rows =
    uploadIds.length === 0
      ? []
      : await db
          .select()
          .from(projectUploads)
          .where(and(eq(projectUploads.draftId, draft.id), inArray(projectUploads.id, uploadIds)));
  // In the order the visitor chose them.
  const uploads = uploadIds.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new ApiError('NOT_FOUND', uploadMessages.uploadNotFound);
    if (row.submissionId)
      throw new ApiError('CONFLICT', uploadMessages.alreadyUsed(row.originalName));
    if (!row.completedAt || !row.contentType) {
      throw new ApiError('CONFLICT', uploadMessages.notComplete(row.originalName));
    }
    return { ...row, contentType: row.contentType };
  });

  const files: StoredFile[] = [];
  let submissionId: string;
  try {
    for (const upload of uploads) {
      const key = `submissions/${randomUUID()}`;
      const { bytes } = await storage.put(key, await store.read(upload.id));
      files.push({
        key,
        originalName: upload.originalName,
        contentType: upload.contentType,
        sizeBytes: bytes,
      });
      if (bytes !== upload.sizeBytes)
        throw new ApiError('CONFLICT', uploadMessages.notComplete(upload.originalName));
    }
    submissionId = await recordSubmission({
      db,
      env,
      secret,
      fields,
      service,
      files,
      userId,
      within: async (tx, id) => {
        if (uploads.length === 0) return;
        // One taken already (a second submission of the same uploads, at the same time on any
        // process): this one rolls back.
        const taken = await takeUploads(tx, { draftId: draft.id, uploadIds, submissionId: id });
        if (taken.length !== uploads.length) {
          const lost = uploads.find((u) => !taken.includes(u.id)) ?? uploads[0];
          throw new ApiError('CONFLICT', uploadMessages.alreadyUsed(String(lost?.originalName)));
        }
      },
    });
  } catch (error) {
    await Promise.allSettled(files.map((f) => storage.delete(f.key)));
    throw error;
  }
  // Copied and recorded: the uploads' own bytes are no longer needed (the clean-up would
  // remove them later anyway).
  await Promise.allSettled(uploads.map((u) => store.remove(u.id)));

  return {
    submissionId,
    message: m.submitted,
    service: {
      id: service.id,
      title: service.title,
      hasPaymentPrice: service.checkoutPriceCents !== null,
    },
  };
}
