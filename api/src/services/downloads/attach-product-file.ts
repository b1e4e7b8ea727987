import { downloadLimits } from '@studio/shared/downloads';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ProductFile, productFiles } from '../../db/schema/downloads.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { findProduct } from '../products/find-product.ts';
import type { Storage } from '../storage/storage.ts';
import type { CheckedUploadStore } from '../uploads/checked-upload-store.ts';
import { findDraftUpload } from '../uploads/find-draft-upload.ts';
import { storeUploadCopy } from '../uploads/store-upload-copy.ts';

import { listProductFiles } from './list-product-files.ts';

/**
 * Makes a completed upload of the admin's draft a file of a digital product (decision 045):
 * copied from the upload store into storage under `product-files/<uuid>`, hashed on the way;
 * then, in one transaction, the upload is used up, the file recorded and the one it replaces (if
 * any) removed, with the audit row. A failure leaves neither a stored copy nor a row; the upload
 * stays, so the admin can add it again.
 */
export async function attachProductFile({
  db,
  storage,
  store,
  productId,
  draftToken,
  uploadId,
  replaces,
  actorId,
}: {
  db: Db;
  storage: Storage;
  store: CheckedUploadStore;
  productId: string;
  draftToken: string;
  uploadId: string;
  replaces: string | undefined;
  actorId: string;
}) {
  const product = await findProduct(db, productId);
  if (product.category !== 'digital') throw new ApiError('UNPROCESSABLE', m.notDigital);
  const upload = await findDraftUpload({
    db,
    token: draftToken,
    id: uploadId,
    purpose: 'product-file',
  });
  if (upload.submissionId) throw new ApiError('CONFLICT', m.uploadUsed(upload.originalName));
  if (!upload.completedAt || !upload.contentType)
    throw new ApiError('CONFLICT', m.uploadNotReady(upload.originalName));
  const current = await listProductFiles(db, product.id);
  if (replaces && !current.some((f) => f.id === replaces))
    throw new ApiError('NOT_FOUND', m.replacedNotFound);
  if (!replaces && current.length >= downloadLimits.maxFilesPerProduct)
    throw new ApiError('CONFLICT', m.tooManyFiles(downloadLimits.maxFilesPerProduct));

  const { key, bytes, sha256 } = await storeUploadCopy({
    store,
    storage,
    upload,
    folder: 'product-files',
    storageDown: m.storageDown,
  });
  let old: ProductFile | undefined;
  let file: ProductFile;
  try {
    ({ file, old } = await db.transaction(async (tx) => {
      // Used at most once, on any process: a second add of the same upload finds it gone.
      const [taken] = await tx
        .delete(projectUploads)
        .where(
          and(
            eq(projectUploads.id, upload.id),
            eq(projectUploads.draftId, upload.draftId),
            isNotNull(projectUploads.completedAt),
          ),
        )
        .returning({ id: projectUploads.id });
      if (!taken) throw new ApiError('CONFLICT', m.uploadUsed(upload.originalName));
      let removed: ProductFile | undefined;
      if (replaces) {
        [removed] = await tx
          .update(productFiles)
          .set({ removedAt: new Date() })
          .where(
            and(
              eq(productFiles.id, replaces),
              eq(productFiles.productId, product.id),
              isNull(productFiles.removedAt),
            ),
          )
          .returning();
        if (!removed) throw new ApiError('NOT_FOUND', m.replacedNotFound);
      } else {
        const [row] = await tx
          .select({ n: count() })
          .from(productFiles)
          .where(and(eq(productFiles.productId, product.id), isNull(productFiles.removedAt)));
        if ((row?.n ?? 0) >= downloadLimits.maxFilesPerProduct)
          throw new ApiError('CONFLICT', m.tooManyFiles(downloadLimits.maxFilesPerProduct));
      }
      const [made] = await tx
        .insert(productFiles)
        .values({
          productId: product.id,
          storageKey: key,
          name: upload.originalName,
          contentType: upload.contentType ?? 'application/octet-stream',
          sizeBytes: bytes,
          sha256,
        })
        .returning();
      if (!made) throw new Error('insert returned no row');
      await recordAudit({
        db: tx,
        actorId,
        action: removed ? 'product.file.replace' : 'product.file.add',
        entityType: 'product',
        entityId: product.id,
        detail: {
          fileId: made.id,
          name: made.name,
          sizeBytes: made.sizeBytes,
          sha256,
          ...(removed ? { replaced: { fileId: removed.id, name: removed.name } } : {}),
        },
      });
      return { file: made, old: removed };
    }));
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  // Recorded: the upload's own bytes and the replaced file's go (the sweeps would, later).
  await store.remove(upload.id).catch(() => {});
  if (old) await storage.delete(old.storageKey).catch(() => {});
  return {
    message: old ? m.fileReplaced(file.name) : m.fileAdded(file.name),
    files: await listProductFiles(db, product.id),
  };
}
