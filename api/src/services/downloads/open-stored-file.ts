import type { Readable } from 'node:stream';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { ApiError } from '../../lib/api-error.ts';
import { type ByteRange, parseRange } from '../../lib/byte-range.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * A stored file a customer may download: a digital product's file (issue 25) or a project's
 * shared file (issue 26). Both go out through `openStoredFile` and `answerStoredFile`: one
 * download mechanism (decision 045).
 */
export interface StoredFileRef {
  storageKey: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdAt: Date;
}

export interface StoredFileDownload {
  file: StoredFileRef;
  /** The whole file's size. */
  size: number;
  /** The part sent (206), or the whole file (200). */
  range: ByteRange | null;
  /** The bytes, or none for HEAD, a redirect, or a file of the local disk (`path`). */
  stream: Readable | null;
  /** On the local disk, the file's path (see Storage.get). */
  path?: string | undefined;
  /**
   * On a store that signs URLs (S3 with S3_DOWNLOADS=redirect): the download, counted, is sent
   * there (302) and the store answers the bytes, the range and its own ETag.
   */
  redirect?: string | undefined;
}

/** How long a presigned URL may be used to start the download it was made for. */
export const SIGNED_URL_SECONDS = 5 * 60;

/** A stored file's strong validator: its bytes' SHA-256. */
export const etagOf = (file: Pick<StoredFileRef, 'sha256'>) => `"${file.sha256}"`;

/** 416: the range asked starts past the file's end; the answer names its size. */
export class RangeNotSatisfiable extends ApiError {
  constructor(readonly size: number) {
    super('RANGE_NOT_SATISFIABLE', m.rangeNotSatisfiable);
  }
}

/**
 * Opens a stored file for a request that may send `Range` (one range; `If-Range` with another
 * ETag gets the whole file; 416 past the end) or be a HEAD (headers only, nothing sent). The
 * store is reached first, so one that is down is a 503 (`unavailable`) and `beforeSend` (which
 * counts and records a download) does not run; `beforeSend` gets the first byte sent. On a
 * store that signs URLs the answer is a redirect there, and the store checks `If-Range` against
 * its own ETag (the one the client holds from it): only `Range` decides the first byte.
 */
export async function openStoredFile({
  storage,
  log,
  file,
  rangeHeader,
  ifRange,
  head,
  unavailable = m.storageUnavailable,
  beforeSend,
  redirect = true,
}: {
  storage: Storage;
  log?: Logger | undefined;
  file: StoredFileRef;
  rangeHeader: string | undefined;
  ifRange: string | undefined;
  head: boolean;
  unavailable?: string;
  beforeSend?: (start: number) => Promise<void>;
  /**
   * Whether a store that signs URLs may answer instead (a download); false keeps the bytes here,
   * for a preview the page plays: same-origin for the page's media policy, and its seeks.
   */
  redirect?: boolean;
}): Promise<StoredFileDownload> {
  const size = file.sizeBytes;
  // An If-Range naming another version of the file: the whole of this one.
  const asked = ifRange && ifRange !== etagOf(file) ? undefined : rangeHeader;
  const ask = parseRange(asked, size);
  if (ask.kind === 'unsatisfiable') throw new RangeNotSatisfiable(size);
  const range = ask.kind === 'range' ? ask.range : null;
  if (head) return { file, size, range, stream: null };
  const unreadable = (err: unknown) => {
    log?.warn({ err, key: file.storageKey }, 'download: storage read failed');
    return ApiError.unavailable(unavailable);
  };
  if (redirect && storage.signedGetUrl) {
    const sent = parseRange(rangeHeader, size);
    if (sent.kind === 'unsatisfiable') throw new RangeNotSatisfiable(size);
    const there = await storage.exists(file.storageKey).catch((err) => {
      throw unreadable(err);
    });
    if (!there) throw unreadable(new Error(`no object under ${file.storageKey}`));
    await beforeSend?.(sent.kind === 'range' ? sent.range.start : 0);
    const redirect = await storage.signedGetUrl(file.storageKey, {
      expiresInSeconds: SIGNED_URL_SECONDS,
      contentType: file.contentType,
      contentDisposition: contentDisposition(file.name),
      cacheControl: 'private, no-store',
    });
    return { file, size, range, stream: null, redirect };
  }
  if (storage.locate) {
    // The local disk: the server opens the file itself (lib/send-file.ts), once.
    const { path } = await storage.locate(file.storageKey).catch((err) => {
      throw unreadable(err);
    });
    await beforeSend?.(range?.start ?? 0);
    return { file, size, range, stream: null, path };
  }
  let stream: Readable;
  let path: string | undefined;
  try {
    ({ stream, path } = await storage.get(file.storageKey, range ?? undefined));
  } catch (err) {
    throw unreadable(err);
  }
  try {
    await beforeSend?.(range?.start ?? 0);
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return { file, size, range, stream, path };
}
