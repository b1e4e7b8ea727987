import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import { s3ClientConfig, s3Storage } from './s3-storage.ts';
import { type Storage, StorageNotFoundError } from './storage.ts';

/**
 * The storage contract, every case against both back ends: the local disk and S3 (s3rver on
 * loopback). What only one back end has (the local `.part` names) is in local-disk.test.ts.
 */
const MB = 1024 * 1024;
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

interface Backend {
  /** A fresh, empty store; `listPageSize` makes S3 answer lists in pages that small. */
  fresh(options?: { listPageSize?: number }): Promise<Storage>;
  /** Begins a write of `key` that never finishes, as a process killed mid-upload leaves it. */
  abandon(key: string): Promise<void>;
  /** How many unfinished writes the store holds. */
  unfinished(): Promise<number>;
}

let localRoot = '';
let bucket = '';
const client = () => new S3Client(s3ClientConfig(s3.settings));
const backends: [string, Backend][] = [
  [
    'local disk',
    {
      async fresh() {
        localRoot = mkdtempSync(path.join(os.tmpdir(), 'studio-storage-'));
        return localDiskStorage(localRoot);
      },
      async abandon(key) {
        // An untagged .part name: only its age says it is abandoned.
        const file = path.join(localRoot, `${key}.0123456789ab.part`);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, 'x');
      },
      async unfinished() {
        const walk = (dir: string): string[] =>
          readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name],
          );
        return walk(localRoot).filter((n) => n.endsWith('.part')).length;
      },
    },
  ],
  [
    'S3',
    {
      async fresh(options) {
        // A bucket of its own for each test.
        bucket = `fresh-${randomBytes(4).toString('hex')}`;
        await client().send(new CreateBucketCommand({ Bucket: bucket }));
        return s3Storage({ ...s3.settings, bucket }, options);
      },
      async abandon(key) {
        const { UploadId } = await client().send(
          new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }),
        );
        await client().send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: key,
            UploadId,
            PartNumber: 1,
            Body: Buffer.alloc(5 * MB, 1),
          }),
        );
      },
      async unfinished() {
        const answer = await client().send(new ListMultipartUploadsCommand({ Bucket: bucket }));
        return answer.Uploads?.length ?? 0;
      },
    },
  ],
];

async function keysOf(storage: Storage, prefix: string) {
  const keys: string[] = [];
  for await (const f of storage.list(prefix)) keys.push(f.key);
  return keys.sort();
}

/** `bytes` of a repeatable pattern in chunks of 64 KB, as a socket delivers them. */
function patterned(bytes: number, failAfter?: number) {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 64 * 1024) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error('client went away');
        const chunk = Buffer.alloc(Math.min(64 * 1024, bytes - sent));
        for (let i = 0; i < chunk.length; i++) chunk[i] = (sent + i) % 251;
        yield chunk;
      }
    })(),
  );
}

describe.each(backends)('%s storage', (_name, backend) => {
  it('puts, reads, checks and deletes a file; a missing one is StorageNotFoundError', async () => {
    const storage = await backend.fresh();
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
    await expect(storage.get('flyers/never')).rejects.toBeInstanceOf(StorageNotFoundError);
    // Deleting what is not there is not an error.
    await storage.delete('flyers/never');
  });

  it('streams a file of several parts both ways, byte for byte', async () => {
    const storage = await backend.fresh();
    const size = 12 * MB + 12_345;
    const sent = createHash('sha256');
    for await (const chunk of patterned(size)) sent.update(chunk);
    expect(await storage.put('submissions/big', patterned(size))).toEqual({ bytes: size });
    const file = await storage.get('submissions/big');
    expect(file.bytes).toBe(size);
    const received = createHash('sha256');
    for await (const chunk of file.stream) received.update(chunk);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
  });

  it.each([
    ['before its first part is full', 64 * 1024],
    ['after two parts were sent', 11 * MB],
  ])('leaves nothing behind when the source fails %s', async (_when, failAfter) => {
    const storage = await backend.fresh();
    await expect(storage.put('submissions/x', patterned(20 * MB, failAfter))).rejects.toThrow(
      'client went away',
    );
    expect(await storage.exists('submissions/x')).toBe(false);
    expect(await keysOf(storage, '')).toEqual([]);
    expect(await backend.unfinished()).toBe(0);
  });

  it.each(['../etc/passwd', '/abs', 'flyers/../../x', 'UPPER/case', 'single'])(
    'refuses the key %j',
    async (key) => {
      const storage = await backend.fresh();
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /Bad storage key/,
      );
    },
  );

  it('lists complete files with their size and time, by prefix, across pages', async () => {
    const storage = await backend.fresh({ listPageSize: 2 });
    await storage.put('flyers/a.jpg', Readable.from([Buffer.from('abc')]));
    for (const n of [1, 2, 3, 4, 5])
      await storage.put(`submissions/f${n}`, Readable.from([Buffer.from('de')]));
    await backend.abandon('submissions/unfinished');
    const all = [];
    for await (const f of storage.list('')) all.push(f);
    expect(all.map((f) => f.key).sort()).toEqual([
      'flyers/a.jpg',
      'submissions/f1',
      'submissions/f2',
      'submissions/f3',
      'submissions/f4',
      'submissions/f5',
    ]);
    expect(all.find((f) => f.key === 'flyers/a.jpg')?.bytes).toBe(3);
    expect(all.every((f) => Math.abs(Date.now() - f.modifiedAt.getTime()) < 60_000)).toBe(true);
    expect(await keysOf(storage, 'flyers/')).toEqual(['flyers/a.jpg']);
    expect(await keysOf(storage, 'blasts/')).toEqual([]);
  });

  it('removes unfinished writes older than the date, and only those', async () => {
    const storage = await backend.fresh();
    await storage.put('submissions/done', Readable.from([Buffer.from('kept')]));
    await backend.abandon('submissions/a');
    await backend.abandon('submissions/b');
    expect(await backend.unfinished()).toBe(2);
    // Begun just now: not older than an hour ago.
    expect(await storage.removeAbandonedWrites(new Date(Date.now() - 3600_000))).toBe(0);
    expect(await backend.unfinished()).toBe(2);
    expect(await storage.removeAbandonedWrites(new Date(Date.now() + 2000))).toBe(2);
    expect(await backend.unfinished()).toBe(0);
    expect(await keysOf(storage, '')).toEqual(['submissions/done']);
    expect(await text((await storage.get('submissions/done')).stream)).toBe('kept');
  });
});

describe('S3 storage and other writers to the bucket', () => {
  it('neither lists nor aborts keys it does not make (a tus upload of the same bucket)', async () => {
    const Key = `tus-${randomBytes(8).toString('hex')}`;
    const { UploadId } = await client().send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }),
    );
    const storage = s3.storage();
    expect(await storage.removeAbandonedWrites(new Date(Date.now() + 2000))).toBe(0);
    const left = await client().send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    expect(left.Uploads?.map((u) => u.UploadId)).toContain(UploadId);
    expect((await keysOf(storage, '')).some((k) => k.startsWith('tus-'))).toBe(false);
  });

  it('keeps an old upload whose parts are still being written', async () => {
    const Key = `submissions/live-${randomBytes(4).toString('hex')}`;
    const { UploadId } = await client().send(
      new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }),
    );
    // Begun two hours ago (s3rver dates an upload by its `key` file), a part sent just now.
    const begun = new Date(Date.now() - 2 * 3600_000);
    utimesSync(
      path.join(s3.directory, s3.bucket, '._S3rver_uploads', UploadId ?? '', 'key'),
      begun,
      begun,
    );
    await client().send(
      new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber: 1, Body: 'x' }),
    );
    const storage = s3.storage();
    expect(await storage.removeAbandonedWrites(new Date(Date.now() - 3600_000))).toBe(0);
    expect(await storage.removeAbandonedWrites(new Date(Date.now() + 2000))).toBe(1);
  });
});
