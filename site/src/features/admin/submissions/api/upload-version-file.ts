import { formatBytes } from '@studio/shared/downloads';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { roomMessages } from '@studio/shared/messages/project-room';
import { uploadMessages } from '@studio/shared/messages/uploads';
import {
  sendOverTus,
  terminateTusUpload,
  tusUrlStorage,
  uploadIdOf,
} from '../../../../lib/tus-upload';

/**
 * A version's uploads this browser started and has not shared (the detail was closed, the page
 * reloaded): the draft they went into and the files, so the same files added again go on from
 * the server's offset. tus keeps each upload's URL under the file's fingerprint.
 */
export interface KeptVersionUpload {
  draftToken: string;
  files: { fingerprint: string; name: string }[];
}

const keptKey = (submissionId: string) => `studio.versionUpload:${submissionId}`;

/** The file as tus-js-client tells files apart: by project, name, type, size and date. */
export const versionFileFingerprint = (submissionId: string, file: File) =>
  `studio-version-file:${submissionId}:${[file.name, file.type, file.size, file.lastModified].join(':')}`;

export function keptVersionUpload(submissionId: string): KeptVersionUpload | null {
  try {
    const kept = localStorage.getItem(keptKey(submissionId));
    return kept ? (JSON.parse(kept) as KeptVersionUpload) : null;
  } catch {
    return null;
  }
}

export function keepVersionUpload(submissionId: string, kept: KeptVersionUpload) {
  localStorage.setItem(keptKey(submissionId), JSON.stringify(kept));
}

const headersOf = (draftToken: string) => ({ 'Upload-Draft': draftToken });

/** Forgets tus's record of a file; with `terminateWith`, the server's upload goes too. */
export async function forgetVersionFile(fingerprint: string, terminateWith?: string) {
  const storage = tusUrlStorage();
  for (const entry of await storage.findUploadsByFingerprint(fingerprint)) {
    if (terminateWith && entry.uploadUrl)
      await terminateTusUpload(entry.uploadUrl, headersOf(terminateWith)).catch(() => {});
    await storage.removeUpload(entry.urlStorageKey);
  }
}

/** Forgets the kept uploads (once shared, or discarded); `terminate` deletes them on the server. */
export async function discardVersionUpload(submissionId: string, { terminate = false } = {}) {
  const kept = keptVersionUpload(submissionId);
  localStorage.removeItem(keptKey(submissionId));
  if (!kept) return;
  for (const file of kept.files)
    await forgetVersionFile(file.fingerprint, terminate ? kept.draftToken : undefined);
}

/** The API's refusal of a file, said before a byte is sent: empty, or at or over the limit. */
export function versionFileRefusal(file: File, maxFileBytes: number): string | null {
  if (file.size === 0) return uploadMessages.emptyFile(file.name);
  return file.size >= maxFileBytes
    ? downloadMessages.fileTooLarge(formatBytes(maxFileBytes))
    : null;
}

/** The refusal of `adding` more files to a version that holds `holding`, over `maxFiles`. */
export function versionCountRefusal(holding: number, adding: number, maxFiles: number) {
  return holding + adding > maxFiles ? roomMessages.tooManyVersionFiles : null;
}

export interface SendVersionFileOptions {
  /** The API's origin (the console's differs from the page's). */
  apiBase: string;
  submissionId: string;
  draftToken: string;
  file: File;
  signal: AbortSignal;
  pause: AbortSignal;
  onBytes: (sent: number) => void;
  onWaiting: (waiting: boolean) => void;
}

/**
 * One file of a version over tus into the draft (decision 046), resumed from this browser's
 * earlier upload of the same file when there is one. Answers the upload's id, which the share
 * names. Cancelling deletes the upload; a pause keeps it.
 */
export async function sendVersionFile(o: SendVersionFileOptions): Promise<string> {
  const url = await sendOverTus(o.file, {
    endpoint: `${o.apiBase.replace(/\/$/, '')}/api/uploads`,
    headers: headersOf(o.draftToken),
    metadata: { filename: o.file.name, filetype: o.file.type },
    fingerprint: versionFileFingerprint(o.submissionId, o.file),
    // Kept until the version is shared: a failed share is tried again with the same uploads.
    keepOnSuccess: true,
    signal: o.signal,
    pause: o.pause,
    onBytes: o.onBytes,
    onWaiting: o.onWaiting,
    fallback: downloadMessages.fileUploadFailed,
  });
  return uploadIdOf(url);
}
