import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/app-settings.ts';
import { createTestDatabase } from '../../test/setup-db.ts';
import { resolveAppSecret } from './resolve-app-secret.ts';

/** The signing secret every API process must share (decision 031). */
let db: Db;
let close: () => Promise<unknown>;
beforeAll(async () => {
  const client = createDb(await createTestDatabase(), { max: 4 });
  db = client.db;
  close = () => client.sql.end();
});
afterAll(() => close());
beforeEach(async () => {
  await db.delete(appSettings);
});

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'studio-secret-'));

describe('the app secret', () => {
  it('is generated once into the database: processes with their own data folders get the same one', async () => {
    const secrets = await Promise.all(
      [1, 2, 3, 4].map(() => resolveAppSecret({ db, env: { DATA_DIR: freshDir() } })),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[\w-]{43}$/);
    expect(await db.select().from(appSettings)).toHaveLength(1);
    // A restart reads it back.
    expect(await resolveAppSecret({ db, env: { DATA_DIR: freshDir() } })).toBe(secrets[0]);
  });

  it('APP_SECRET wins, and nothing is stored', async () => {
    const APP_SECRET = 'configured-secret-0123456789abcdef0123';
    expect(await resolveAppSecret({ db, env: { APP_SECRET, DATA_DIR: freshDir() } })).toBe(
      APP_SECRET,
    );
    expect(await db.select().from(appSettings)).toHaveLength(0);
  });

  it('an install’s older $DATA_DIR/.app-secret becomes the shared one, so its links keep working', async () => {
    const dir = freshDir();
    const old = 'older-secret-from-the-file-0123456789abcdef';
    writeFileSync(path.join(dir, '.app-secret'), `${old}\n`);
    expect(await resolveAppSecret({ db, env: { DATA_DIR: dir } })).toBe(old);
    expect(await resolveAppSecret({ db, env: { DATA_DIR: freshDir() } })).toBe(old);
  });
});
