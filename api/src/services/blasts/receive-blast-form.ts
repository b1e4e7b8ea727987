import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { limits } from '@studio/shared/limits';
import { blastMessages as m } from '@studio/shared/messages/blasts';
import { type EmailBlastInput, emailBlastSchema } from '@studio/shared/schemas/blasts';
import { ApiError } from '../../lib/api-error.ts';
import { zodIssuesError } from '../../lib/zod-issues-error.ts';
import type { Storage } from '../storage/storage.ts';
import { receiveMultipart, type StoredFile } from '../uploads/receive-multipart.ts';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export interface BlastAttachmentFile {
  key: string;
  name: string;
  contentType: string;
}

/**
 * `receiveMultipart` names files `<prefix>/<uuid>`, and which extension fits is known only once
 * the bytes were judged; the (at most 5 MB) file is then copied to `blasts/<uuid>.<ext>`.
 */
async function withExtension(storage: Storage, file: StoredFile): Promise<BlastAttachmentFile> {
  const key = `blasts/${randomUUID()}.${extensions[file.contentType] ?? 'bin'}`;
  try {
    const { stream } = await storage.get(file.key);
    await storage.put(key, stream);
  } finally {
    await storage.delete(file.key);
  }
  return { key, name: file.originalName, contentType: file.contentType };
}

/**
 * The Mass Email form (spec 5, Email blast): its text fields checked with the shared schema and
 * the optional `emailFlyer` streamed to storage, judged by its bytes (JPEG, PNG or PDF) and its
 * size (at most 5 MB). On any refusal nothing is left in storage.
 */
export async function receiveBlastForm({
  storage,
  body,
  contentType,
}: {
  storage: Storage;
  body: ReadableStream<Uint8Array> | Readable | null;
  contentType: string;
}): Promise<{ input: EmailBlastInput; attachment: BlastAttachmentFile | null }> {
  if (!body || !/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', m.multipartRequired);
  }
  let input: EmailBlastInput | undefined;
  const received = await receiveMultipart({
    body,
    contentType,
    storage,
    keyPrefix: 'blasts',
    fileField: 'emailFlyer',
    maxFiles: 1,
    // A pasted list of thousands of addresses.
    maxFieldBytes: 1_048_576,
    // receiveMultipart refuses files of maxFileBytes or more; the spec allows "max 5 MB".
    maxFileBytes: limits.maxImageBytes + 1,
    accept: (sniffed) => sniffed.mime in extensions,
    checkFields: (fields) => {
      const parsed = emailBlastSchema.safeParse({
        subject: fields.subject ?? '',
        emails: fields.emails ?? '',
        message: fields.message,
      });
      if (!parsed.success) throw zodIssuesError(parsed.error);
      input = parsed.data;
    },
    errors: {
      tooManyFiles: () =>
        new ApiError('VALIDATION_FAILED', m.oneAttachmentOnly, [
          { path: 'emailFlyer', message: m.oneAttachmentOnly },
        ]),
      tooLarge: () => new ApiError('PAYLOAD_TOO_LARGE', m.fileTooLarge),
      badType: () => new ApiError('UNSUPPORTED_MEDIA_TYPE', m.fileType),
    },
  });
  if (!input) throw new Error('fields were not checked');
  const file = received.files[0];
  return { input, attachment: file ? await withExtension(storage, file) : null };
}
