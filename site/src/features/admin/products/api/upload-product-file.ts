import { formatBytes } from '@studio/shared/downloads';
import { downloadMessages } from '@studio/shared/messages/downloads';
import type { ProductFileChangeAnswer } from '@studio/shared/schemas/downloads';
import { ApiError } from '../../../../lib/api-error';
import {
  sendOverTus,
  terminateTusUpload,
  tusUrlStorage,
  UploadCancelledError,
  uploadIdOf,
} from '../../../../lib/tus-upload';
import type { AdminApi } from '../../types';
import { attachProductFile, createFileDraft } from './product-files';

/**
 * A digital product's file upload this browser started and has not finished (a reload, a closed
 * modal): its draft and the file it sends, so the admin can choose that file again and go on
 * from the server's offset. tus keeps the upload's URL under the same fingerprint.
 */
export interface PendingUpload {
  draftToken: string;
  fingerprint: string;
  name: string;
  size: number;
  /** The file this one is to take the place of, when it is a replacement. */
  replaces?: { id: string; name: string };
}

const pendingKey = (productId: string) => `studio.productFileUpload:${productId}`;

/** The file as tus-js-client tells files apart: by product, name, type, size and date. */
export const fileFingerprint = (productId: string, file: File) =>
  `studio-product-file:${productId}:${[file.name, file.type, file.size, file.lastModified].join(':')}`;

export function pendingUpload(productId: string): PendingUpload | null {
  try {
    const kept = localStorage.getItem(pendingKey(productId));
    return kept ? (JSON.parse(kept) as PendingUpload) : null;
  } catch {
    return null;
  }
}

/** Whether `file` is the one the unfinished upload was sending. */
export const isPendingFile = (productId: string, pending: PendingUpload, file: File) =>
  pending.fingerprint === fileFingerprint(productId, file);

/** The API's refusal of a file at or over the limit, said before a byte is sent. */
export function fileTooLarge(file: File, maxFileBytes: number): string | null {
  return file.size >= maxFileBytes
    ? downloadMessages.fileTooLarge(formatBytes(maxFileBytes))
    : null;
}

const headersOf = (draftToken: string) => ({ 'Upload-Draft': draftToken });

async function forgetTusEntries(fingerprint: string, terminateWith?: string) {
  const storage = tusUrlStorage();
  for (const entry of await storage.findUploadsByFingerprint(fingerprint)) {
    if (terminateWith && entry.uploadUrl)
      await terminateTusUpload(entry.uploadUrl, headersOf(terminateWith)).catch(() => {});
    await storage.removeUpload(entry.urlStorageKey);
  }
}

/** Forgets the unfinished upload; `terminate` also deletes what the server holds of it. */
export async function discardPending(productId: string, { terminate = false } = {}) {
  const pending = pendingUpload(productId);
  localStorage.removeItem(pendingKey(productId));
  if (pending)
    await forgetTusEntries(pending.fingerprint, terminate ? pending.draftToken : undefined);
}

export interface UploadProductFileOptions {
  api: AdminApi;
  /** The API's origin (the console's differs from the page's). */
  apiBase: string;
  productId: string;
  file: File;
  /** A new upload in place of this file; a resumed one keeps what it was started with. */
  replaces?: { id: string; name: string };
  maxFileBytes: number;
  signal: AbortSignal;
  pause: AbortSignal;
  onBytes: (sent: number) => void;
  onWaiting: (waiting: boolean) => void;
  /** The upload is complete: the API now copies and hashes the file. */
  onAdding: () => void;
}

/**
 * A file of a digital product (decision 045): the unfinished upload of the same file resumed, or
 * a new draft (`POST /api/admin/products/file-drafts`) and a new tus upload; once complete,
 * `POST /api/admin/products/:id/files`. Cancelling deletes the upload; a refusal or a pause keeps
 * it, so the admin can go on or add it again.
 */
export async function uploadProductFile(
  o: UploadProductFileOptions,
): Promise<ProductFileChangeAnswer> {
  const fingerprint = fileFingerprint(o.productId, o.file);
  let pending = pendingUpload(o.productId);
  if (!pending || pending.fingerprint !== fingerprint) {
    const tooLarge = fileTooLarge(o.file, o.maxFileBytes);
    if (tooLarge) throw new ApiError(tooLarge, 413);
    // Another file's unfinished upload goes: one upload a product at a time.
    await discardPending(o.productId, { terminate: true });
    await forgetTusEntries(fingerprint);
    const draft = await createFileDraft(o.api);
    const refused = fileTooLarge(o.file, draft.maxFileBytes);
    if (refused) throw new ApiError(refused, 413);
    pending = {
      draftToken: draft.draftToken,
      fingerprint,
      name: o.file.name,
      size: o.file.size,
      ...(o.replaces ? { replaces: o.replaces } : {}),
    };
    localStorage.setItem(pendingKey(o.productId), JSON.stringify(pending));
  }
  let url: string;
  try {
    url = await sendOverTus(o.file, {
      endpoint: `${o.apiBase.replace(/\/$/, '')}/api/uploads`,
      headers: headersOf(pending.draftToken),
      metadata: { filename: o.file.name, filetype: o.file.type },
      fingerprint,
      keepOnSuccess: true,
      signal: o.signal,
      pause: o.pause,
      onBytes: o.onBytes,
      onWaiting: o.onWaiting,
      fallback: downloadMessages.fileUploadFailed,
    });
  } catch (error) {
    // Cancelled (the upload is deleted), or refused (a type the shop does not deliver; a draft or
    // upload the server no longer knows): nothing is left to go on with.
    if (error instanceof UploadCancelledError || (error instanceof ApiError && error.status > 0))
      await discardPending(o.productId, { terminate: !(error instanceof UploadCancelledError) });
    throw error;
  }
  o.onAdding();
  const answer = await attachProductFile(o.api, o.productId, {
    draftToken: pending.draftToken,
    uploadId: uploadIdOf(url),
    ...(pending.replaces ? { replaces: pending.replaces.id } : {}),
  });
  await discardPending(o.productId);
  return answer;
}
