import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type Storage,
  StorageNotFoundError,
  type StoredFileInfo,
  storageKeyPattern,
} from './storage.ts';

const WRITE_BUFFER_BYTES = 1024 * 1024;
const READ_BUFFER_BYTES = 1024 * 1024;

/**
 * Who writes a `.part` file, in its name: this machine (a hash of its host name), this process's
 * id and when it started. A later process can then tell a write whose process is gone (killed
 * mid-upload) from one still running, and remove the first at once (`removeAbandonedWrites`).
 */
const hostTag = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
const startTag = Math.round(Date.now() / 1000 - process.uptime()).toString(36);
const writerTag = `${hostTag}-${process.pid}-${startTag}`;
/** `<file>.<host>-<pid>-<start>.<random>.part`; older versions wrote `<file>.<random>.part`. */
const partName = /\.([0-9a-f]{8})-(\d+)-([0-9a-z]+)\.[0-9a-f]{12}\.part$/;

/** Whether the process that wrote a `.part` file is known to be gone; unknown counts as alive. */
function writerGone(name: string): boolean {
  const match = name.match(partName);
  if (!match || match[1] !== hostTag) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return match[3] !== startTag;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process runs under that id (another user's). Only "no such process" is gone.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Every regular file under `dir`, as a path relative to `root` with `/` separators. */
async function* walk(root: string, dir: string): AsyncGenerator<{ rel: string; full: string }> {
  let handle: Awaited<ReturnType<typeof opendir>>;
  try {
    handle = await opendir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of handle) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile())
      yield { rel: path.relative(root, full).split(path.sep).join('/'), full };
  }
}

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
      const partial = `${file}.${writerTag}.${randomBytes(6).toString('hex')}.part`;
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
    async get(key, range) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new StorageNotFoundError(key);
      // 1 MB reads: a large download moves in a few hundred reads a second, not thousands.
      const stream = createReadStream(file, {
        highWaterMark: READ_BUFFER_BYTES,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
      return { stream, bytes: info.size, path: file };
    },
    async locate(key) {
      const file = pathOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new StorageNotFoundError(key);
      return { path: file, bytes: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return Boolean(info?.isFile());
    },
    async *list(prefix): AsyncGenerator<StoredFileInfo> {
      for await (const { rel, full } of walk(root, root)) {
        // `.part` files and anything else that is not a key are not stored files.
        if (!rel.startsWith(prefix) || !storageKeyPattern.test(rel) || rel.endsWith('.part'))
          continue;
        const info = await stat(full).catch(() => null);
        if (info?.isFile()) yield { key: rel, modifiedAt: info.mtime, bytes: info.size };
      }
    },
    async removeAbandonedWrites(olderThan) {
      let removed = 0;
      for await (const { full } of walk(root, root)) {
        if (!full.endsWith('.part')) continue;
        const info = await stat(full).catch(() => null);
        if (!info) continue;
        if (info.mtime < olderThan || writerGone(path.basename(full))) {
          await rm(full, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
