import type { Readable } from 'node:stream';
import type { ImageVariants } from '@studio/shared/images';
import { limits } from '@studio/shared/limits';
import { shopMessages } from '@studio/shared/messages/shop';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { Storage } from '../storage/storage.ts';
import { receiveMultipart } from '../uploads/receive-multipart.ts';
import {
  deleteImageVariants,
  readStored,
  storeImageVariants,
  UnreadableImageError,
} from '../uploads/store-image-variants.ts';
import { findProduct } from './find-product.ts';
import { presentProduct } from './present-product.ts';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * Adds an image (multipart `image`, optional `alt`): JPEG, PNG or WebP judged by content, at
 * most 5 MB, resized into AVIF, WebP and JPEG variants under `products/` (the upload itself is
 * not kept) and served from /api/media with long cache headers.
 */
export async function addProductImage({
  db,
  storage,
  actorId,
  id,
  body,
  contentType,
}: {
  db: Db;
  storage: Storage;
  actorId: string;
  id: string;
  body: ReadableStream<Uint8Array> | Readable;
  contentType: string;
}) {
  const product = await findProduct(db, id);
  if (!/^multipart\/form-data/i.test(contentType))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', shopMessages.imageMultipartRequired);
  const received = await receiveMultipart({
    body,
    contentType,
    storage,
    keyPrefix: 'products',
    fileField: 'image',
    maxFiles: 1,
    maxFileBytes: limits.maxImageBytes + 1,
    accept: (s) => s.mime in extensions,
    checkFields: () => {},
    errors: {
      tooManyFiles: () => new ApiError('BAD_REQUEST', shopMessages.oneImageOnly),
      tooLarge: () => new ApiError('PAYLOAD_TOO_LARGE', shopMessages.imageTooLarge),
      badType: () => new ApiError('UNSUPPORTED_MEDIA_TYPE', shopMessages.imageType),
    },
  });
  const file = received.files[0];
  if (!file) throw new ApiError('VALIDATION_FAILED', shopMessages.imageRequired);
  // The upload is kept only as the source of its variants (store-image-variants.ts).
  let image: ImageVariants;
  try {
    image = await storeImageVariants({
      storage,
      input: await readStored(storage, file.key),
      keyBase: file.key,
    });
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', shopMessages.imageType);
    throw error;
  } finally {
    await storage.delete(file.key);
  }
  const alt = (received.fields.alt ?? '').trim().slice(0, 200) || product.name;
  const images = [...product.images, { ...image, alt }];
  const row = await db
    .transaction(async (tx) => {
      const updated = await tx
        .update(products)
        .set({ images })
        .where(eq(products.id, id))
        .returning();
      await recordAudit({
        db: tx,
        actorId,
        action: 'product.image.add',
        entityType: 'product',
        entityId: id,
        detail: { url: image.url },
      });
      return updated[0];
    })
    .catch(async (error: unknown) => {
      await deleteImageVariants(storage, image);
      throw error;
    });
  if (!row) {
    await deleteImageVariants(storage, image);
    throw new ApiError('NOT_FOUND', shopMessages.productNotFound);
  }
  return presentProduct(row);
}
