import type { Readable } from 'node:stream';
import { limits } from '@studio/shared/limits';
import { projectMessages } from '@studio/shared/messages/projects';
import { projectSubmissionSchema } from '@studio/shared/schemas/project';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Service, services } from '../../db/schema/services.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { zodIssuesError } from '../../lib/zod-issues-error.ts';
import type { Storage } from '../storage/storage.ts';
import { projectFileTypes } from '../uploads/project-file-types.ts';
import { receiveMultipart } from '../uploads/receive-multipart.ts';
import { findService } from './find-service.ts';
import { recordSubmission } from './record-submission.ts';

const m = projectMessages;

/**
 * POST /api/projects/submit: streams the files to storage (checked by content, counted, never
 * buffered), then writes the submission, its files and its two mails in one transaction
 * (record-submission.ts); the mail worker sends them after the commit. Any failure leaves no
 * row, no file and no mail.
 */
export async function submitProject({
  db,
  env,
  secret,
  storage,
  body,
  contentType,
  userId,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO' | 'PUBLIC_URL'>;
  secret: string;
  storage: Storage;
  body: ReadableStream<Uint8Array> | Readable;
  contentType: string;
  userId: string | null;
}) {
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', m.multipartRequired);
  }
  const activeServices = await db.select().from(services).where(eq(services.isActive, true));
  let input: ReturnType<typeof projectSubmissionSchema.parse> | undefined;
  let service: Service | undefined;

  const received = await receiveMultipart({
    body,
    contentType,
    storage,
    keyPrefix: 'submissions',
    fileField: 'files',
    maxFiles: limits.maxFiles,
    maxFileBytes: limits.maxFileBytes,
    accept: (sniffed) => projectFileTypes.has(sniffed.mime),
    checkFields: (fields) => {
      const parsed = projectSubmissionSchema.safeParse(fields);
      if (!parsed.success) throw zodIssuesError(parsed.error);
      service = findService(activeServices, parsed.data.service);
      if (!service) {
        throw new ApiError('VALIDATION_FAILED', m.serviceRequired, [
          { path: 'service', message: m.serviceRequired },
        ]);
      }
      input = parsed.data;
    },
    errors: {
      tooManyFiles: () =>
        new ApiError('VALIDATION_FAILED', m.tooManyFiles, [
          { path: 'files', message: m.tooManyFiles },
        ]),
      tooLarge: (n) => new ApiError('PAYLOAD_TOO_LARGE', m.filesTooLarge(n)),
      badType: (name) => new ApiError('UNSUPPORTED_MEDIA_TYPE', m.fileTypeRefused(name)),
    },
  });
  if (!input || !service) throw new Error('fields were not checked');
  const fields = input;
  const chosen = service;

  let submissionId: string;
  try {
    submissionId = await recordSubmission({
      db,
      env,
      secret,
      fields,
      service: chosen,
      files: received.files,
      userId,
    });
  } catch (error) {
    await Promise.allSettled(received.files.map((f) => storage.delete(f.key)));
    throw error;
  }

  return {
    submissionId,
    message: m.submitted,
    service: {
      id: chosen.id,
      title: chosen.title,
      hasPaymentPrice: chosen.checkoutPriceCents !== null,
    },
  };
}
