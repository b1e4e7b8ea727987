import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * The key that signs links (unsubscribe). `APP_SECRET` when set; otherwise generated once into
 * `$DATA_DIR/.app-secret` (mode 600) so links keep working across restarts.
 */
export function resolveAppSecret(env: Pick<Env, 'APP_SECRET' | 'DATA_DIR'>): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  const file = path.join(env.DATA_DIR, '.app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
