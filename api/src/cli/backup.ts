/**
 * pnpm --filter @studio/api backup <folder> [--pg-bin <folder of pg_dump>]
 * pnpm --filter @studio/api restore <folder> [--pg-bin <folder of pg_restore>]
 *
 * Backs up the database (pg_dump -Fc) and every stored file (the uploads folder or the bucket,
 * read through the Storage interface) into a new folder; or restores such a folder into an empty
 * database and an empty storage. Reads the same configuration as the server (DATABASE_URL, or
 * the embedded database under DATA_DIR while the server is stopped; DATA_DIR or STORAGE=s3).
 * A relative folder is read from where the command was typed. Decision 032, docs/deploy.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backUp } from '../backup/back-up.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import type { EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { EnvError, loadDotEnv, parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { storageFromEnv } from '../services/storage/storage-from-env.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { restore: { type: 'boolean' }, 'pg-bin': { type: 'string' } },
});
const restore = values.restore === true;
const command = restore ? 'restore' : 'backup';
const folder = positionals[0];
if (!folder || positionals.length > 1) {
  process.stderr.write(
    `Usage: pnpm --filter @studio/api ${command} <folder> [--pg-bin <folder of ${restore ? 'pg_restore' : 'pg_dump'}>]\n`,
  );
  process.exit(2);
}
// pnpm runs the script in api/; INIT_CWD is where the command was typed.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);

loadDotEnv();
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
  process.exit(1);
}

const progress = (line: string) => process.stdout.write(`${line}\n`);
// Not server.ts's openDatabase: that module loads the whole app, seconds of start-up for nothing.
let embedded: EmbeddedPostgres | undefined;
try {
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    // The embedded database, started here: the server that uses it must be stopped.
    const { startEmbeddedPostgres } = await import('../db/embedded-postgres.ts');
    const { ensureDatabase } = await import('../db/ensure-database.ts');
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(env.DATA_DIR, 'postgres'),
      log: createLogger(env),
    });
    databaseUrl = await ensureDatabase(embedded.url, 'studio');
  }
  const options = {
    databaseUrl,
    storage: storageFromEnv(env),
    ...(values['pg-bin'] ? { pgBin: values['pg-bin'] } : {}),
    progress,
  };
  if (restore) {
    const manifest = await restoreBackup({ ...options, from: target });
    progress(`Restored the backup of ${manifest.createdAt} from ${target}`);
  } else {
    const manifest = await backUp({ ...options, out: target });
    progress(`Backed up to ${target} (${manifest.files.length} files)`);
  }
} catch (error) {
  process.stderr.write(`${command} failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
