import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Callers use only this interface, so the local disk can be replaced
 * by an S3-compatible store without touching them.
 */
export interface Storage {
  /** Writes the stream under `key`; nothing stays under the key (or beside it) if it fails. */
  put(key: string, source: Readable): Promise<{ bytes: number }>;
  /** A stream of the file; rejects with `NotFoundError` when there is none. */
  get(key: string): Promise<{ stream: Readable; bytes: number }>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFoundError extends Error {}

/** Keys are ours (random ids under a folder), never a visitor's file name. */
export const storageKeyPattern = /^[a-z0-9-]+(\/[a-z0-9._-]+)+$/;
