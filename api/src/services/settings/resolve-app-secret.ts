import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/app-settings.ts';
import type { Env } from '../../env.ts';

const KEY = 'app-secret';

/** The secret an install made before it was kept in the database, if there is one. */
async function legacyFileSecret(dataDir: string): Promise<string | undefined> {
  try {
    const secret = (await readFile(path.join(dataDir, '.app-secret'), 'utf8')).trim();
    return secret.length >= 32 ? secret : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key that signs links and cookies (unsubscribe and confirmation links, device cookies):
 * every API process must hold the same one, or what one signed the next refuses. `APP_SECRET`
 * when set; otherwise generated once into the database (`app_settings`), where every process on
 * it finds it (decision 031). An install whose secret was generated into `$DATA_DIR/.app-secret`
 * before keeps it: that one is what goes into the database. The first process to insert wins;
 * the others read its secret.
 */
export async function resolveAppSecret({
  db,
  env,
}: {
  db: Db;
  env: Pick<Env, 'APP_SECRET' | 'DATA_DIR'>;
}): Promise<string> {
  if (env.APP_SECRET) return env.APP_SECRET;
  const stored = async () =>
    (await db.select().from(appSettings).where(eq(appSettings.key, KEY)).limit(1))[0]?.value;
  const found = await stored();
  if (found) return found;
  const value = (await legacyFileSecret(env.DATA_DIR)) ?? randomBytes(32).toString('base64url');
  await db.insert(appSettings).values({ key: KEY, value }).onConflictDoNothing();
  const secret = await stored();
  if (!secret) throw new Error('the app secret could not be stored');
  return secret;
}
