import type { Readable } from 'node:stream';
import type { ByteRange } from '../../lib/byte-range.ts';

/**
 * Where uploaded files live. Callers use only this interface, so the local disk can be replaced
 * by an S3-compatible store without touching them.
 */
export interface Storage {
  /** Writes the stream under `key`; nothing stays under the key (or beside it) if it fails. */
  put(key: string, source: Readable): Promise<{ bytes: number }>;
  /**
   * A stream of the file, or of the bytes `range.start` to `range.end` (inclusive) of it, and the
   * whole file's size; rejects with `NotFoundError` when there is none.
   */
  get(key: string, range?: ByteRange): Promise<StoredFileRead>;
  /**
   * Where present (the local disk), the file's path and size without opening it, for a server
   * that sends it itself (lib/send-file.ts); rejects with `NotFoundError` when there is none.
   */
  locate?(key: string): Promise<{ path: string; bytes: number }>;
  /**
   * Where present, a short-lived URL a client may GET the file from itself (an object store's
   * presigned GetObject), answering with the given type and `Content-Disposition`; `Range` works
   * on it as on the store. Absent where only the server can read the store (the local disk).
   */
  signedGetUrl?(key: string, answer: SignedGetAnswer): Promise<string>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Every complete file whose key starts with `prefix` ('' for all), with when it was last
   * written, in no set order. Streamed (a remote store answers in pages), for housekeeping such
   * as the orphan sweep (services/storage/sweep-storage.ts).
   */
  list(prefix: string): AsyncIterable<StoredFileInfo>;
  /**
   * Removes what writes that never finished left behind (a process killed mid-upload): on the
   * local disk the `.part` files, those last written before `olderThan`, and at once those
   * whose writer is known to be gone (a process of this machine that no longer runs); in an
   * object store, its incomplete multipart uploads. Returns how many were removed.
   */
  removeAbandonedWrites(olderThan: Date): Promise<number>;
}

export interface StoredFileRead {
  stream: Readable;
  /** The whole file's size. */
  bytes: number;
  /**
   * On the local disk, the file's path: a server may send it itself (lib/send-file.ts, reusing
   * its buffers) and destroy `stream` unread.
   */
  path?: string;
}

export interface SignedGetAnswer {
  /** How long the URL may be used to start a download (a download started may run longer). */
  expiresInSeconds: number;
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
}

export interface StoredFileInfo {
  key: string;
  modifiedAt: Date;
  bytes: number;
}

export class StorageNotFoundError extends Error {}

/** Keys are ours (random ids under a folder), never a visitor's file name. */
export const storageKeyPattern = /^[a-z0-9-]+(\/[a-z0-9._-]+)+$/;
