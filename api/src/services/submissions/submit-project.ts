import type { Readable } from 'node:stream';
import { limits } from '@studio/shared/limits';
import { messages } from '@studio/shared/messages';
import { projectSubmissionSchema } from '@studio/shared/schemas/project';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectSubmissions, submissionFiles } from '../../db/schema/project-submissions.ts';
import { type Service, services } from '../../db/schema/services.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { zodIssuesError } from '../../lib/zod-issues-error.ts';
import { submissionConfirmation, submissionNotice } from '../../mail/templates/submission-mails.ts';
import type { Storage } from '../../storage/storage.ts';
import { receiveMultipart } from '../../uploads/receive-multipart.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { payUrl } from './pay-url.ts';
import { transitionSubmission } from './transition-submission.ts';

const m = messages.project;

/** The service a form names: by title (as the spec sends it), SKU or id. */
function findService(all: Service[], named: string): Service | undefined {
  const key = named.trim().toLowerCase();
  return all.find(
    (s) => s.title.toLowerCase() === key || s.sku.toLowerCase() === key || s.id === key,
  );
}

/**
 * POST /api/projects/submit: streams the files to storage (checked by content, counted, never
 * buffered), then writes the submission, its files and its two mails (the client's confirmation
 * with the pay link, the business notice) in one transaction; the mail worker sends them after
 * the commit. Any failure leaves no row, no file and no mail.
 */
export async function submitProject({
  db,
  env,
  storage,
  body,
  contentType,
  userId,
}: {
  db: Db;
  env: Pick<Env, 'CONTACT_TO' | 'PUBLIC_URL'>;
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
    accept: (sniffed) =>
      sniffed.kind === 'audio' || sniffed.kind === 'video' || sniffed.kind === 'zip',
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
    submissionId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projectSubmissions)
        .values({
          name: fields.name,
          email: fields.email,
          serviceId: chosen.id,
          notes: fields.notes,
          timeline: fields.timeline,
          budget: fields.budget,
          userId,
        })
        .returning({ id: projectSubmissions.id });
      if (!row) throw new Error('insert returned no row');
      if (received.files.length > 0) {
        await tx.insert(submissionFiles).values(
          received.files.map((f) => ({
            submissionId: row.id,
            originalName: f.originalName,
            storageKey: f.key,
            contentType: f.contentType,
            sizeBytes: f.sizeBytes,
          })),
        );
      }
      await transitionSubmission(tx, {
        submissionId: row.id,
        to: 'unpaid',
        source: 'customer',
        actorId: userId,
        opened: true,
      });
      const summary = {
        submissionId: row.id,
        serviceTitle: chosen.title,
        ...fields,
        files: received.files,
      };
      await queueMail(tx, {
        purpose: 'submission-confirmation',
        subjectId: row.id,
        message: submissionConfirmation({
          ...summary,
          // Only a service with a payment price can be paid online (decision 002).
          payUrl: chosen.checkoutPriceCents === null ? null : payUrl(env, row.id),
        }),
      });
      await queueMail(tx, {
        purpose: 'submission-notice',
        subjectId: row.id,
        message: submissionNotice({ ...summary, to: env.CONTACT_TO }),
      });
      return row.id;
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
