import { createHash, randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { uploadMessages } from '@studio/shared/messages/uploads';
import { ApiError } from '../../lib/api-error.ts';
import type { Storage } from '../storage/storage.ts';
import type { CheckedUploadStore } from './checked-upload-store.ts';

/** Passes the bytes on and hashes them on the way. */
function hashing() {
  const hash = createHash('sha256');
  const pass = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { pass, digest: () => hash.digest('hex') };
}

/**
 * Copies a completed resumable upload into storage under `<folder>/<uuid>`, hashing it (SHA-256)
 * on the way: an admin's file for a digital product or a project version. A store that fails is
 * a 503 (`storageDown`) and leaves no copy; a copy shorter than the upload is a 409 and is
 * removed. The caller records the key in its transaction and removes the copy if that fails.
 */
export async function storeUploadCopy({
  store,
  storage,
  upload,
  folder,
  storageDown,
}: {
  store: CheckedUploadStore;
  storage: Storage;
  upload: { id: string; originalName: string; sizeBytes: number };
  folder: 'product-files' | 'project-files';
  storageDown: string;
}): Promise<{ key: string; bytes: number; sha256: string }> {
  const key = `${folder}/${randomUUID()}`;
  const { pass, digest } = hashing();
  let bytes: number;
  try {
    const source = await store.read(upload.id);
    source.on('error', (error) => pass.destroy(error));
    ({ bytes } = await storage.put(key, source.pipe(pass)));
  } catch {
    await storage.delete(key).catch(() => {});
    throw ApiError.unavailable(storageDown);
  }
  if (bytes !== upload.sizeBytes) {
    await storage.delete(key).catch(() => {});
    throw new ApiError('CONFLICT', uploadMessages.notComplete(upload.originalName));
  }
  return { key, bytes, sha256: digest() };
}
