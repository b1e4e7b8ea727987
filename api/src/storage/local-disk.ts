import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Storage, StorageNotFoundError, storageKeyPattern } from './storage.ts';

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
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, counter, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, file);
        return { bytes };
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
