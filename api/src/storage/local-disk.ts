import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Storage, StorageNotFoundError, storageKeyPattern } from './storage.ts';

const WRITE_BUFFER_BYTES = 1024 * 1024;

/** Files under `root` (`$DATA_DIR/uploads`), written to a temporary name and renamed when complete. */
export function localDiskStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!storageKeyPattern.test(key) || key.includes('..'))
      throw new Error(`Bad storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, source) {
      // The source may fail while the folder is being made, before the pipeline listens.
      let early: unknown;
      source.on('error', (error) => {
        early ??= error;
      });
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (early !== undefined) throw early;
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
      // While one write is in flight the next chunks queue up to this much and go to disk
      // together in one writev, rather than one thread-pool round trip per 64 KB socket chunk.
      const sink = createWriteStream(partial, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
      try {
        await pipeline(source, sink);
        await rename(partial, file);
        return { bytes: sink.bytesWritten };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new StorageNotFoundError(key);
      return { stream: createReadStream(file), bytes: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return Boolean(info?.isFile());
    },
  };
}
