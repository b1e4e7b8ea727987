import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { localDiskStorage } from './local-disk.ts';
import { StorageNotFoundError } from './storage.ts';

function fresh() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'studio-storage-'));
  return { root, storage: localDiskStorage(root) };
}

describe('local disk storage', () => {
  it('puts, reads, checks and deletes a file', async () => {
    const { storage } = fresh();
    expect(await storage.put('flyers/a-1.jpg', Readable.from([Buffer.from('hello')]))).toEqual({
      bytes: 5,
    });
    expect(await storage.exists('flyers/a-1.jpg')).toBe(true);
    const file = await storage.get('flyers/a-1.jpg');
    expect(file.bytes).toBe(5);
    expect(await text(file.stream)).toBe('hello');
    await storage.delete('flyers/a-1.jpg');
    expect(await storage.exists('flyers/a-1.jpg')).toBe(false);
    await expect(storage.get('flyers/a-1.jpg')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('leaves nothing behind when the source fails midway', async () => {
    const { root, storage } = fresh();
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('client went away');
    }
    await expect(storage.put('submissions/x', Readable.from(failing()))).rejects.toThrow(
      'client went away',
    );
    expect(readdirSync(path.join(root, 'submissions'))).toEqual([]);
  });

  it.each(['../etc/passwd', '/abs', 'flyers/../../x', 'UPPER/case', 'single'])(
    'refuses the key %j',
    async (key) => {
      const { storage } = fresh();
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /Bad storage key/,
      );
    },
  );
});
