import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import type { Storage } from '../services/storage/storage.ts';
import {
  type BackupManifest,
  DATABASE_FILE,
  eachLimited,
  FILES_FOLDER,
  hashFile,
  hashing,
  MANIFEST_FILE,
} from './manifest.ts';
import { pgConnection, pgProgram, programMajor, run } from './pg-tools.ts';

/** Stored files copied at once: enough to hide an object store's latency, few enough for a disk. */
const COPIES_AT_ONCE = 4;

/** The server's version, as `SHOW server_version` and its major number. */
export async function serverVersion(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ v: string; n: string }[]>`
      select current_setting('server_version') as v, current_setting('server_version_num') as n`;
    return { server: row?.v ?? '', serverMajor: Math.floor(Number(row?.n) / 10_000) };
  } finally {
    await sql.end();
  }
}

/**
 * Backs up the database (`pg_dump -Fc`, one consistent snapshot) and then every stored file,
 * read through the Storage interface (local disk or bucket alike), into the folder `out`, which
 * must not exist or be empty. The folder is built beside it as `<out>.partial` and renamed when
 * complete, so a folder named `out` is always a whole backup.
 *
 * Files are listed after the dump: a file whose row the snapshot holds was stored before the
 * snapshot, so it is in the backup unless it was deleted meanwhile. A file stored after the
 * snapshot is in it without its row, an orphan the next start's sweep removes after a day.
 */
export async function backUp({
  databaseUrl,
  storage,
  out,
  pgBin,
  progress = () => {},
}: {
  databaseUrl: string;
  storage: Storage;
  out: string;
  /** The folder of pg_dump, when the one on PATH is older than the server. */
  pgBin?: string;
  progress?: (line: string) => void;
}): Promise<BackupManifest> {
  const existing = await readdir(out).catch(() => []);
  if (existing.length > 0) throw new Error(`${out} exists and is not empty: name a new folder`);
  const pgDump = pgProgram('pg_dump', pgBin);
  const [version, pgDumpMajor] = await Promise.all([
    serverVersion(databaseUrl),
    programMajor(pgDump),
  ]);
  if (pgDumpMajor < version.serverMajor)
    throw new Error(
      `pg_dump ${pgDumpMajor} cannot dump a PostgreSQL ${version.serverMajor} server: install the PostgreSQL ${version.serverMajor} client tools and pass --pg-bin <their folder>`,
    );

  const work = `${out}.partial`;
  await rm(work, { recursive: true, force: true });
  // The backup holds every customer's data: readable by its owner only.
  await mkdir(path.dirname(work), { recursive: true });
  await mkdir(work, { mode: 0o700 });
  await mkdir(path.join(work, FILES_FOLDER));
  try {
    const connection = pgConnection(databaseUrl);
    const dumpFile = path.join(work, DATABASE_FILE);
    await run(
      pgDump,
      ['--format=custom', `--file=${dumpFile}`, `--dbname=${connection.dbname}`],
      connection.env,
    );
    const database = { file: DATABASE_FILE, ...(await hashFile(dumpFile)) };
    progress(`database: ${database.bytes} bytes`);

    const files: BackupManifest['files'] = [];
    await eachLimited(storage.list(''), COPIES_AT_ONCE, async ({ key }) => {
      const target = path.join(work, FILES_FOLDER, ...key.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      const { stream, bytes } = await storage.get(key);
      const h = hashing();
      await pipeline(stream, h.pass, createWriteStream(target, { flags: 'wx' }));
      const copied = h.result();
      if (copied.bytes !== bytes)
        throw new Error(`${key}: read ${copied.bytes} bytes of ${bytes}; run the backup again`);
      files.push({ key, ...copied });
    });
    files.sort((a, b) => a.key.localeCompare(b.key));
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    progress(`files: ${files.length}, ${total} bytes`);

    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      postgres: { ...version, pgDumpMajor },
      database,
      files,
    };
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    // An empty `out` (made by the operator) is replaced; `rename` would refuse it.
    if (await stat(out).catch(() => null)) await rm(out, { recursive: true });
    await rename(work, out);
    return manifest;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
