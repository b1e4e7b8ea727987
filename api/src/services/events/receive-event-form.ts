import type { Readable } from 'node:stream';
import type { ImageVariants } from '@studio/shared/images';
import { limits } from '@studio/shared/limits';
import { eventMessages as m } from '@studio/shared/messages/events';
import { type EventFormValues, eventFormSchema } from '@studio/shared/schemas/events';
import { ApiError } from '../../lib/api-error.ts';
import { zodIssuesError } from '../../lib/zod-issues-error.ts';
import type { Storage } from '../storage/storage.ts';
import { receiveMultipart } from '../uploads/receive-multipart.ts';
import {
  readStored,
  storeImageVariants,
  UnreadableImageError,
} from '../uploads/store-image-variants.ts';

/**
 * The event form (spec 5, Event form): its text fields checked with the shared schema, and the
 * flyer streamed to storage, judged by its bytes (JPEG only) and its size, then resized into
 * variants whose largest JPEG is `flyers/<uuid>.jpg` (`flyerKey`; the upload itself is not
 * kept). On any refusal nothing is left in storage. `flyer` is null when no flyer was sent,
 * which only `flyerRequired: false` (an edit) allows.
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
}): Promise<{ input: EventFormValues; flyer: { key: string; image: ImageVariants } | null }> {
  if (!body || !/^multipart\/form-data/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', m.multipartRequired);
  }
  let input: EventFormValues | undefined;
  const received = await receiveMultipart({
    body,
    contentType,
    storage,
    keyPrefix: 'flyers',
    fileField: 'flyer',
    maxFiles: 1,
    // receiveMultipart refuses files of maxFileBytes or more; the spec allows "at most 5 MB".
    maxFileBytes: limits.maxImageBytes + 1,
    accept: (sniffed) => sniffed.mime === 'image/jpeg',
    checkFields: (fields) => {
      const parsed = eventFormSchema.safeParse(fields);
      if (!parsed.success) throw zodIssuesError(parsed.error);
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
  if (!file) return { input, flyer: null };
  try {
    const image = await storeImageVariants({
      storage,
      input: await readStored(storage, file.key),
      keyBase: file.key,
    });
    return { input, flyer: { key: `${file.key}.jpg`, image } };
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', m.flyerNotJpeg);
    throw error;
  } finally {
    await storage.delete(file.key);
  }
}
