import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * A backup is a folder: `database.dump` (pg_dump's custom format), `files/<key>` for every stored
 * file, and `manifest.json`, written last, with each part's size and SHA-256 (decision 032).
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  postgres: { server: string; serverMajor: number; pgDumpMajor: number };
  database: { file: typeof DATABASE_FILE; bytes: number; sha256: string };
  files: { key: string; bytes: number; sha256: string }[];
}

export const DATABASE_FILE = 'database.dump' as const;
export const FILES_FOLDER = 'files';
export const MANIFEST_FILE = 'manifest.json';

/** Passes a stream through, counting and hashing it. */
export function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    async *pass(source: Readable) {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    },
    result: () => ({ bytes, sha256: hash.digest('hex') }),
  };
}

/** The size and SHA-256 of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const h = hashing();
  for await (const _ of h.pass(createReadStream(file))) {
    // consumed for the hash
  }
  return h.result();
}

/** Runs `work` over `items`, `limit` at a time; the first failure rejects once the rest settle. */
export async function eachLimited<T>(
  items: AsyncIterable<T> | Iterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for await (const item of items) {
    if (failure) break;
    const task = work(item).catch((error: unknown) => {
      failure ??= { error };
    });
    running.add(task);
    void task.finally(() => running.delete(task));
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}
