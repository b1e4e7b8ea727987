import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import { type Storage, storageKeyPattern } from '../services/storage/storage.ts';
import {
  type BackupManifest,
  DATABASE_FILE,
  eachLimited,
  FILES_FOLDER,
  hashFile,
  MANIFEST_FILE,
} from './manifest.ts';
import { pgConnection, pgProgram, programMajor, run } from './pg-tools.ts';

const COPIES_AT_ONCE = 4;

async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new Error(
      `${from} is not a complete backup (${MANIFEST_FILE}: ${(error as Error).message})`,
    );
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.files))
    throw new Error(`${from}: unknown backup format ${String(manifest.format)}`);
  for (const file of manifest.files) {
    if (!storageKeyPattern.test(file.key) || file.key.includes('..'))
      throw new Error(`${from}: the manifest names a bad key: ${JSON.stringify(file.key)}`);
  }
  return manifest;
}

/** User tables or schemas in the database (a new database has only an empty `public`). */
async function databaseContents(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname <> 'information_schema' and n.nspname !~ '^pg_')
           + (select count(*) from pg_namespace
               where nspname not in ('public', 'information_schema') and nspname !~ '^pg_')
           as n`;
    return Number(row?.n ?? 0);
  } finally {
    await sql.end();
  }
}

/**
 * Restores a backup made by `backUp` into an empty database and an empty storage, all or
 * nothing: the manifest and every file's size and SHA-256 are checked before anything is
 * written; the files are put through the Storage interface, then the database is restored in
 * one transaction (`pg_restore --single-transaction`); if either fails, the files put so far
 * are deleted again. Owners and grants are not restored: the restoring user owns everything.
 */
export async function restoreBackup({
  databaseUrl,
  storage,
  from,
  pgBin,
  progress = () => {},
}: {
  databaseUrl: string;
  storage: Storage;
  from: string;
  pgBin?: string;
  progress?: (line: string) => void;
}): Promise<BackupManifest> {
  const manifest = await readManifest(from);
  const pgRestore = pgProgram('pg_restore', pgBin);
  const restoreMajor = await programMajor(pgRestore);
  if (restoreMajor < manifest.postgres.pgDumpMajor)
    throw new Error(
      `pg_restore ${restoreMajor} cannot read a dump made by pg_dump ${manifest.postgres.pgDumpMajor}: pass --pg-bin <folder of PostgreSQL ${manifest.postgres.pgDumpMajor}+ client tools>`,
    );
  if ((await databaseContents(databaseUrl)) > 0)
    throw new Error('The database is not empty: restore into a new, empty database');
  for await (const file of storage.list('')) {
    throw new Error(`The storage is not empty (it holds ${file.key}): restore into an empty one`);
  }

  const dumpFile = path.join(from, DATABASE_FILE);
  const fileOf = (key: string) => path.join(from, FILES_FOLDER, ...key.split('/'));
  const parts = [
    { name: DATABASE_FILE, ...manifest.database, file: dumpFile },
    ...manifest.files.map((f) => ({ name: f.key, ...f, file: fileOf(f.key) })),
  ];
  await eachLimited(parts, COPIES_AT_ONCE, async (part) => {
    const found = await hashFile(part.file).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`${part.name}: ${error.code === 'ENOENT' ? 'missing' : error.message}`);
    });
    if (found.bytes !== part.bytes || found.sha256 !== part.sha256)
      throw new Error(
        `${part.name} does not match the manifest (${found.bytes} bytes, expected ${part.bytes}): the backup is damaged`,
      );
  });
  progress(`checked: the database and ${manifest.files.length} files`);

  const put: string[] = [];
  try {
    await eachLimited(manifest.files, COPIES_AT_ONCE, async ({ key, bytes }) => {
      const stored = await storage.put(key, createReadStream(fileOf(key)));
      put.push(key);
      if (stored.bytes !== bytes) throw new Error(`${key}: stored ${stored.bytes} of ${bytes}`);
    });
    progress(`files: ${put.length} stored`);
    const connection = pgConnection(databaseUrl);
    await run(
      pgRestore,
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${connection.dbname}`,
        dumpFile,
      ],
      connection.env,
    );
    progress('database: restored');
  } catch (error) {
    await eachLimited(put, COPIES_AT_ONCE, (key) => storage.delete(key)).catch(() => {});
    throw error;
  }
  return manifest;
}
