/**
 * pnpm --filter @studio/api admin:create <email> [--password <password>]
 *
 * Creates an admin account, or makes an existing account an admin. Without --password (or
 * ADMIN_PASSWORD) a new account gets a generated password, printed once; an existing account
 * keeps its password unless one is given.
 */
import { parseArgs } from 'node:util';
import { limits } from '@studio/shared/limits';
import { runMigrations, withStartUpLock } from '../db/migrate.ts';
import { EnvError, loadDotEnv, parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { openDatabase } from '../server.ts';
import { ensureAdmin } from '../services/auth/ensure-admin.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { password: { type: 'string' } },
});
const email = positionals[0]?.trim().toLowerCase();
if (!email || !limits.emailPattern.test(email)) {
  process.stderr.write(
    'Usage: pnpm --filter @studio/api admin:create <email> [--password <password>]\n',
  );
  process.exit(2);
}

loadDotEnv();
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
  process.exit(1);
}
const password = values.password ?? env.ADMIN_PASSWORD;
if (password !== undefined && !/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/.test(password)) {
  process.stderr.write(
    'The password needs 8+ characters with an uppercase letter, a lowercase letter and a number.\n',
  );
  process.exit(2);
}

const database = await openDatabase(env, createLogger(env));
try {
  // Not while an API process starting on this database migrates or creates its first admin.
  const result = await withStartUpLock(database.url, async () => {
    await runMigrations(database.url);
    return ensureAdmin({
      db: database.db,
      email,
      password,
      resetPassword: password !== undefined,
    });
  });
  process.stdout.write(
    `${result.created ? 'Created admin' : 'Made admin'}: ${email}\n` +
      (result.created && !password && result.password
        ? `Password (shown once): ${result.password}\n`
        : ''),
  );
} finally {
  await database.close();
}
