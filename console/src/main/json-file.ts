import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a file so that a crash leaves the old or the new content, never half of one: a
 * temporary file beside it, then a rename (atomic on one file system). Owner-only (0600).
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Runs writes one after another, so a slow earlier write never lands after a later one. */
export function serialWriter(): (write: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (write) => {
    const next = last.then(write, write);
    last = next.catch(() => {});
    return next;
  };
}
