import type { Readable } from 'node:stream';
import { limits } from '@studio/shared/limits';
import { eventMessages as m } from '@studio/shared/messages-events';
import { type EventFormValues, eventFormSchema } from '@studio/shared/schemas/events';
import { ApiError } from '../../lib/api-error.ts';
import type { Storage } from '../../storage/storage.ts';
import { receiveMultipart } from '../../uploads/receive-multipart.ts';

/**
 * `receiveMultipart` stores files under `<prefix>/<uuid>`; flyers are served publicly as
 * `flyers/<uuid>.jpg` (routes/public/media.ts picks the Content-Type from the extension), so the
 * keys it uses are mapped to `.jpg` ones here rather than copying the file afterwards.
 */
function withJpgKeys(storage: Storage): Storage {
  const jpg = (key: string) => `${key}.jpg`;
  return {
    put: (key, source) => storage.put(jpg(key), source),
    get: (key) => storage.get(jpg(key)),
    delete: (key) => storage.delete(jpg(key)),
    exists: (key) => storage.exists(jpg(key)),
  };
}

/**
 * The event form (spec 5, Event form): its text fields checked with the shared schema, and the
 * flyer streamed to `flyers/<uuid>.jpg`, judged by its bytes (JPEG only) and its size. On any
 * refusal nothing is left in storage. `flyerKey` is null when no flyer was sent, which only
 * `flyerRequired: false` (an edit) allows.
 */
export async function receiveEventForm({
  storage,
  body,
  contentType,
  flyerRequired,
}: {
  storage: Storage;
  body: ReadableStream<Uint8Array> | Readable | null;
  contentType: string;
  flyerRequired: boolean;
}): Promise<{ input: EventFormValues; flyerKey: string | null }> {
  if (!body || !/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', m.multipartRequired);
  }
  let input: EventFormValues | undefined;
  const received = await receiveMultipart({
    body,
    contentType,
    storage: withJpgKeys(storage),
    keyPrefix: 'flyers',
    fileField: 'flyer',
    maxFiles: 1,
    // receiveMultipart refuses files of maxFileBytes or more; the spec allows "at most 5 MB".
    maxFileBytes: limits.maxImageBytes + 1,
    accept: (sniffed) => sniffed.mime === 'image/jpeg',
    checkFields: (fields) => {
      const parsed = eventFormSchema.safeParse(fields);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          path: i.path.join('.'),
          message: i.message,
        }));
        throw new ApiError('VALIDATION_FAILED', issues[0]?.message ?? m.titleRequired, issues);
      }
      input = parsed.data;
    },
    errors: {
      tooManyFiles: () =>
        new ApiError('VALIDATION_FAILED', m.oneFlyerOnly, [
          { path: 'flyer', message: m.oneFlyerOnly },
        ]),
      tooLarge: () => new ApiError('PAYLOAD_TOO_LARGE', m.flyerTooLarge),
      badType: () => new ApiError('UNSUPPORTED_MEDIA_TYPE', m.flyerNotJpeg),
    },
  });
  if (!input) throw new Error('fields were not checked');
  const file = received.files[0];
  if (!file && flyerRequired) {
    throw new ApiError('VALIDATION_FAILED', m.flyerRequired, [
      { path: 'flyer', message: m.flyerRequired },
    ]);
  }
  return { input, flyerKey: file ? `${file.key}.jpg` : null };
}
