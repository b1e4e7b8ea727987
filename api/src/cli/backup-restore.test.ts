import { randomBytes } from 'node:crypto';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backUp } from '../backup/back-up.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import { localDiskStorage } from '../services/storage/local-disk-storage.ts';
import { backupRestoreFlow, fileDigests, relationCount } from '../test/backup-flow.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

// The harness's storage: the uploads folder, or the bucket under TEST_STORAGE=s3.
backupRestoreFlow({
  name: "on the harness's storage",
  wipeFiles: async (t) => {
    if (t.env.STORAGE === 'local')
      await rm(path.join(t.env.DATA_DIR, 'uploads'), { recursive: true });
    else for await (const { key } of t.storage.list('')) await t.storage.delete(key);
  },
});

describe('what restore and backup refuse', () => {
  let t: TestApp;
  let work: string;
  let backupDir: string;
  let empty: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    t = await createTestApp();
    // Files of its own: the file's database was seeded by the flow above, so this app's seed
    // found its rows and stored no images.
    for (const key of ['products/a1.jpg', 'submissions/b2.wav'])
      await t.storage.put(key, Readable.from([randomBytes(5000)]));
    work = await mkdtemp(path.join(os.tmpdir(), 'studio-backup-refusals-'));
    backupDir = path.join(work, 'backup');
    await backUp({ databaseUrl: t.env.DATABASE_URL ?? '', storage: t.storage, out: backupDir });
    // A second, empty database on the same server, for the restores that must write nothing.
    const name = `${new URL(t.env.DATABASE_URL ?? '').pathname.slice(1)}_empty`;
    const server = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
    await server.unsafe(`CREATE DATABASE "${name}" TEMPLATE template0`);
    const url = new URL(t.env.DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    empty = {
      url: url.toString(),
      drop: async () => {
        await server.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await server.end();
      },
    };
  }, 60_000);

  afterAll(async () => {
    await empty?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('refuses a database that is not empty, and writes nothing to the storage', async () => {
    const storage = localDiskStorage(path.join(work, 'fresh-uploads'));
    await expect(
      restoreBackup({ databaseUrl: t.env.DATABASE_URL ?? '', storage, from: backupDir }),
    ).rejects.toThrow('The database is not empty: restore into a new, empty database');
    expect(await fileDigests(storage)).toEqual({});
  });

  it('refuses a storage that is not empty, and writes nothing to the database', async () => {
    await expect(
      restoreBackup({ databaseUrl: empty.url, storage: t.storage, from: backupDir }),
    ).rejects.toThrow(
      /^The storage is not empty \(it holds [a-z]+\/.+\): restore into an empty one$/,
    );
    expect(await relationCount(empty.url)).toBe(0);
  });

  it('refuses a damaged backup before writing anything', async () => {
    const damaged = path.join(work, 'damaged');
    await cp(backupDir, damaged, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(damaged, 'manifest.json'), 'utf8'));
    const key: string = manifest.files[0].key;
    const file = path.join(damaged, 'files', ...key.split('/'));
    const bytes = await readFile(file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    await writeFile(file, bytes);

    const storage = localDiskStorage(path.join(work, 'damaged-uploads'));
    await expect(restoreBackup({ databaseUrl: empty.url, storage, from: damaged })).rejects.toThrow(
      `${key} does not match the manifest (${bytes.length} bytes, expected ${bytes.length}): the backup is damaged`,
    );
    expect(await relationCount(empty.url)).toBe(0);
    expect(await fileDigests(storage)).toEqual({});

    // And a folder without its manifest (a backup cut short) is no backup.
    await rm(path.join(damaged, 'manifest.json'));
    await expect(restoreBackup({ databaseUrl: empty.url, storage, from: damaged })).rejects.toThrow(
      `${damaged} is not a complete backup`,
    );
  });

  it('refuses a pg_dump older than the server, and a folder that is not empty', async () => {
    const bin = path.join(work, 'old-bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    await chmod(path.join(bin, 'pg_dump'), 0o755);
    const out = path.join(work, 'old');
    await expect(
      backUp({ databaseUrl: t.env.DATABASE_URL ?? '', storage: t.storage, out, pgBin: bin }),
    ).rejects.toThrow(
      /^pg_dump 9 cannot dump a PostgreSQL \d+ server: install the PostgreSQL \d+ client tools and pass --pg-bin <their folder>$/,
    );
    await expect(readFile(path.join(out, 'manifest.json'))).rejects.toThrow('ENOENT');

    await expect(
      backUp({ databaseUrl: t.env.DATABASE_URL ?? '', storage: t.storage, out: backupDir }),
    ).rejects.toThrow(`${backupDir} exists and is not empty: name a new folder`);
  });
});
